import { describe, expect, it, vi } from 'vitest';
import { lazy } from 'react';
import { render, screen } from '@testing-library/react';
import { LazyWidget } from '@/components/error-boundary';

describe('an optional widget whose code loads lazily', () => {
  it('shows its fallback while it loads and, when the load fails, instead of it; the page around stays', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail: (error: Error) => void = () => {};
    const Widget = lazy(() => new Promise<{ default: () => null }>((_, reject) => { fail = reject; }));
    render(
      <main>
        <h1>The page</h1>
        <LazyWidget fallback={<p>first slide</p>}><Widget /></LazyWidget>
      </main>,
    );
    expect(await screen.findByText('first slide')).toBeTruthy();
    fail(new TypeError('Failed to fetch dynamically imported module: /assets/swiper-carousel-Ab12.js'));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.getByText('first slide')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'The page' })).toBeTruthy();
    vi.restoreAllMocks();
  });
});
