// Previous's and Next's chevrons (pagination, carousels): one drawing, pointing to the start and to
// the end of the line, which runs the other way in Arabic.
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ChevronNextIcon, ChevronPreviousIcon } from '@/components/icons';

const transform = (element: ReactElement) => (render(element).container.querySelector('svg') as SVGSVGElement).style.transform;

describe('the chevrons of Previous and Next', () => {
  it('point left and right in English, right and left in Arabic', () => {
    // The drawing points to the start of a left-to-right line: left, unless mirrored.
    expect(transform(<ChevronPreviousIcon dir="ltr" />)).toBe('');
    expect(transform(<ChevronNextIcon dir="ltr" />)).toBe('scaleX(-1)');
    expect(transform(<ChevronPreviousIcon dir="rtl" />)).toBe('scaleX(-1)');
    expect(transform(<ChevronNextIcon dir="rtl" />)).toBe('');
  });
});
