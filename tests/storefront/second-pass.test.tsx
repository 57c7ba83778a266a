import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { useSecondPass } from '@/lib/use-second-pass';

describe('useSecondPass', () => {
  it('is false in the first commit and true in the one React makes right after it, then stays true', () => {
    const seen: boolean[] = [];
    const committed: boolean[] = [];
    function Screen({ label }: { label: string }) {
      const rest = useSecondPass();
      seen.push(rest);
      return <div ref={(node) => { if (node) committed.push(rest); }}>{label}{rest && <span>below the fold</span>}</div>;
    }
    const view = render(<Screen label="top" />);
    // Two commits: the top alone, then with what lies below it.
    expect(committed).toEqual([false, true]);
    expect(screen.getByText('below the fold')).toBeTruthy();
    view.rerender(<Screen label="top again" />);
    expect(seen.at(-1)).toBe(true);
  });
});
