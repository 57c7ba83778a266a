import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Nav } from '@/app/shell/nav';
import { isIosSafari } from '@/pwa/install-state';
import { fakeApi, renderApp } from './render';

const IPHONE_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const IPHONE_CHROME = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1';
const IPAD_AS_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

/** Chromium's beforeinstallprompt, with the two members the app uses. */
function fireInstallPrompt(outcome: 'accepted' | 'dismissed' = 'accepted') {
  const prompt = vi.fn().mockResolvedValue(undefined);
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt,
    userChoice: Promise.resolve({ outcome, platform: 'web' }),
  });
  act(() => { window.dispatchEvent(event); });
  return { event, prompt };
}

function stubStandalone(matches: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: matches && query === '(display-mode: standalone)', media: query, onchange: null,
    addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {}, dispatchEvent: () => false,
  }));
}

/** Opens the account menu, whose code loads when first asked for. */
async function openAccountMenu() {
  fireEvent.click(screen.getByRole('button', { name: 'Account' }));
  return screen.findByRole('menu');
}

function closeMenu() {
  fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
}

beforeEach(() => {
  fakeApi({});
  // Each test starts with no offer kept from the one before.
  act(() => { window.dispatchEvent(new Event('appinstalled')); });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('installing the app', () => {
  it('offers Install app only once the browser fires beforeinstallprompt, and prompts on click', async () => {
    renderApp(<Nav />);
    expect(within(await openAccountMenu()).queryByRole('menuitem', { name: 'Install app' })).toBeNull();
    closeMenu();

    const { event, prompt } = fireInstallPrompt();
    // The browser's own mini-infobar is held back: the shopper installs from the menu.
    expect(event.defaultPrevented).toBe(true);

    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    fireEvent.click(within(await openAccountMenu()).getByRole('menuitem', { name: 'Install app' }));
    expect(prompt).toHaveBeenCalledTimes(1);

    // The event can be prompted once: after the choice the offer is gone.
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(within(await openAccountMenu()).queryByRole('menuitem', { name: 'Install app' })).toBeNull();
  });

  it('offers it in the phone drawer too', async () => {
    renderApp(<Nav />);
    const { prompt } = fireInstallPrompt();
    fireEvent.click(screen.getByRole('button', { name: 'Menu' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Install app' }));
    expect(prompt).toHaveBeenCalledTimes(1);
  });

  it('hides Install app after appinstalled', async () => {
    renderApp(<Nav />);
    fireInstallPrompt();
    const menu = await openAccountMenu();
    expect(within(menu).getByRole('menuitem', { name: 'Install app' })).toBeTruthy();
    act(() => { window.dispatchEvent(new Event('appinstalled')); });
    await waitFor(() => expect(within(menu).queryByRole('menuitem', { name: 'Install app' })).toBeNull());
  });

  it('shows nothing when the app already runs installed', async () => {
    stubStandalone(true);
    renderApp(<Nav />);
    fireInstallPrompt();
    const menu = await openAccountMenu();
    expect(within(menu).queryByRole('menuitem', { name: 'Install app' })).toBeNull();
    // The menu still has its other items.
    expect(within(menu).getByRole('menuitem', { name: 'Sign in' })).toBeTruthy();
  });

  it('explains Share → Add to Home Screen to iPhone Safari, and gives focus back to the Account button', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPHONE_SAFARI);
    renderApp(<Nav />);
    fireEvent.click(within(await openAccountMenu()).getByRole('menuitem', { name: 'Install app' }));

    const dialog = await screen.findByRole('dialog', { name: 'Install app' });
    const steps = within(dialog).getAllByRole('listitem').map((li) => li.textContent);
    expect(steps).toEqual([
      "Tap Share  in Safari's toolbar.",
      'Choose Add to Home Screen  from the list.',
      'Tap Add. Attar then opens from your home screen like an app.',
    ]);
    // The Share symbol is drawn inline: nothing to fetch.
    expect(within(dialog).getByTestId('share-symbol').tagName.toLowerCase()).toBe('svg');
    expect(dialog.querySelector('img')).toBeNull();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Account' })));
  });

  it('shows iOS nothing once it runs from the home screen', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPHONE_SAFARI);
    Object.defineProperty(navigator, 'standalone', { configurable: true, value: true });
    try {
      renderApp(<Nav />);
      expect(within(await openAccountMenu()).queryByRole('menuitem', { name: 'Install app' })).toBeNull();
    } finally {
      delete (navigator as Navigator & { standalone?: boolean }).standalone;
    }
  });

  it('tells Safari on iPhone and iPad from the other browsers', () => {
    expect(isIosSafari(IPHONE_SAFARI, 5)).toBe(true);
    expect(isIosSafari(IPAD_AS_MAC, 5)).toBe(true);
    // A real Mac has no touch points.
    expect(isIosSafari(IPAD_AS_MAC, 0)).toBe(false);
    expect(isIosSafari(IPHONE_CHROME, 5)).toBe(false);
    expect(isIosSafari(ANDROID_CHROME, 5)).toBe(false);
  });
});
