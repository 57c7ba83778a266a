// Snackbars with notistack out of the first load: what is asked
// before notistack has arrived is shown once it has, and keys still close.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { closeNotice, notify } from '@/lib/notify';
import { renderApp } from './render';

/** Holds notistack's chunk back until a test lets it arrive. */
const chunk = vi.hoisted(() => {
  let release = () => {};
  const arrived = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { arrived, release: () => release(), asked: 0 };
});
vi.mock('@/lib/notify-provider', async (importOriginal) => {
  chunk.asked += 1;
  // Bounded: were it imported with the app (in the first load), the app's import would wait on it for ever.
  await Promise.race([chunk.arrived, new Promise((resolve) => setTimeout(resolve, 5000))]);
  return importOriginal();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('notify', () => {
  it('shows, in order and once notistack has arrived, what was asked before, even before the app was there', async () => {
    // Not part of the app's first load: nobody asked for it yet.
    expect(chunk.asked).toBe(0);
    const early = notify('Asked before the app mounted', { variant: 'error' });
    renderApp(<p>a page</p>);
    const first = notify('Added to your cart', { variant: 'success' });
    const dropped = notify('Closed before it was shown');
    notify('Please Login First', { variant: 'warning', preventDuplicate: true });
    notify('Please Login First', { variant: 'warning', preventDuplicate: true });
    closeNotice(dropped);
    expect(new Set([early, first, dropped]).size).toBe(3);

    // notistack is only asked for, not there: nothing is shown yet, nothing is lost.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(chunk.asked).toBe(1);
    expect(screen.queryByText('Added to your cart')).toBeNull();

    await act(async () => chunk.release());
    const added = await screen.findByText('Added to your cart');
    const texts = [...document.querySelectorAll('#notistack-snackbar')].map((node) => node.textContent);
    expect(texts).toEqual(['Asked before the app mounted', 'Added to your cart', 'Please Login First']);
    // The app's own contrast colours (notify-provider.tsx), not notistack's.
    expect(added.closest('.notistack-MuiContent-success')).not.toBeNull();
    expect(getComputedStyle(added.closest('.notistack-MuiContent')!).backgroundColor).toBe('rgb(27, 94, 32)');
    expect(screen.queryByText('Closed before it was shown')).toBeNull();

    // The key handed out while it waited still closes it now that it is shown.
    act(() => closeNotice(first));
    await waitFor(() => expect(screen.queryByText('Added to your cart')).toBeNull());
    expect(screen.getByText('Asked before the app mounted')).toBeTruthy();
  });

  it('keeps a persistent message, with its action, until it is closed by its key', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderApp(<p>a page</p>);
    act(() => {
      notify('New version available', { key: 'new-version', persist: true, preventDuplicate: true, action: <button type="button">Reload</button> });
      notify('Saved', { variant: 'success' });
      notify('New version available', { key: 'new-version', persist: true, preventDuplicate: true });
    });
    expect(await screen.findByText('New version available')).toBeTruthy();
    expect(screen.getAllByText('New version available')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();

    // Past the provider's 4 s, the other one has gone; the persistent one stays.
    await act(() => vi.advanceTimersByTimeAsync(6000));
    await waitFor(() => expect(screen.queryByText('Saved')).toBeNull());
    expect(screen.getByText('New version available')).toBeTruthy();

    act(() => closeNotice('new-version'));
    await act(() => vi.advanceTimersByTimeAsync(1000));
    await waitFor(() => expect(screen.queryByText('New version available')).toBeNull());
    expect(chunk.asked).toBe(1);
  });
});
