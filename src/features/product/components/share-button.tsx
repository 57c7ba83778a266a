import { useSyncExternalStore } from 'react';
import { useLingui } from '@lingui/react/macro';
import { notify } from '@/lib/notify';
import { LinkIcon, ShareIcon } from '@/components/icons';
import { buttonClass } from '@/components/plain-controls';

/** The product's own link, absolute, so it can be pasted anywhere. */
const absolute = (link: string) => new URL(link, window.location.origin).href;

/** What the share sheet is given: the page's title, a line about it, its link. */
export interface ShareData {
  title: string;
  text: string;
  url: string;
}

/** The device's own share sheet (the Web Share API), where it has one that takes this kind of data. */
export function canShareHere(data?: ShareData): boolean {
  if (typeof navigator === 'undefined' || typeof navigator.share !== 'function' || typeof navigator.canShare !== 'function') return false;
  try {
    return navigator.canShare(data ?? { title: 'Attar', url: window.location.href });
  } catch {
    return false;
  }
}

const never = () => () => undefined;

/**
 * Share on a product's page: the device's share sheet where it has one
 * (phones mostly: WhatsApp, Messenger…), with the product's name, a line and
 * its link; elsewhere it copies the link, with the storefront spec's
 * messages ('Link copied to clipboard!' / 'Failed to copy link. Please try
 * again.') and its name "Copy link". A shopper who closes the sheet without
 * sharing (AbortError) made no mistake: nothing is said. A sheet that fails
 * otherwise copies the link instead.
 *
 * The server's page has no navigator: it draws "Copy link", and the sheet's
 * button replaces it after hydration (useSyncExternalStore's server snapshot).
 */
export function ShareButton({ name, link }: { name: string; link: string }) {
  const { t } = useLingui();
  const sharing = useSyncExternalStore(never, () => canShareHere(), () => false);

  async function copyLink() {
    try {
      if (!navigator.clipboard) throw new Error('The clipboard is not available here.');
      await navigator.clipboard.writeText(absolute(link));
      notify(t`Link copied to clipboard!`, { variant: 'success' });
    } catch {
      notify(t`Failed to copy link. Please try again.`, { variant: 'error' });
    }
  }

  async function share() {
    const data: ShareData = { title: name, text: t`${name} at Attar`, url: absolute(link) };
    if (!canShareHere(data)) return copyLink();
    try {
      await navigator.share(data);
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      await copyLink();
    }
  }

  return (
    <button type="button" className={buttonClass('outlined')} onClick={() => void share()}>
      <span className="attar-button__icon">{sharing ? <ShareIcon /> : <LinkIcon />}</span>
      {sharing ? t`Share` : t`Copy link`}
    </button>
  );
}
