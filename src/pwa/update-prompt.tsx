import { useEffect, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { buttonClass, iconButtonClass } from '@/components/plain-controls';
import { closeNotice, notify, type NoticeKey } from '@/lib/notify';
import type { ServiceWorkerHooks } from './register';

/**
 * workbox-window (2 KiB gzip) comes once the page has loaded, when the
 * worker would be registered anyway (register() waits for `load`), and not
 * with the first screen's code.
 */
function registerAfterLoad(hooks: ServiceWorkerHooks): () => void {
  let stop: (() => void) | undefined;
  let stopped = false;
  const start = () => {
    import('./register').then(({ registerServiceWorker }) => {
      if (!stopped) stop = registerServiceWorker(hooks);
    }, (error: unknown) => console.warn('service worker not registered', error));
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
  return () => {
    stopped = true;
    window.removeEventListener('load', start);
    stop?.();
  };
}

const UPDATE_SNACKBAR: NoticeKey = 'new-version';

function UpdateActions({ onReload, onDismiss }: { onReload(): void; onDismiss(): void }) {
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  return (
    <>
      <button
        type="button"
        className={buttonClass('outlined', 'small', 'inherit')}
        disabled={busy}
        onClick={() => {
          setBusy(true);
          onReload();
        }}
      >
        {t`Reload`}
      </button>
      <button type="button" className={iconButtonClass('inherit', 'small')} aria-label={t`Close`} onClick={onDismiss}>
        <span aria-hidden="true">×</span>
      </button>
    </>
  );
}

/**
 * Registers the service worker and, when a new version waits, says so until
 * the shopper chooses: Reload lets it in, Close leaves this visit on the
 * version it started with. Never reloads on its own. The words are elements,
 * so they follow a language switch while shown.
 */
export function UpdatePrompt({ register = registerAfterLoad }: { register?: (hooks: ServiceWorkerHooks) => () => void }) {
  useEffect(
    () =>
      register({
        onUpdateReady(apply) {
          notify(<Trans>New version available</Trans>, {
            key: UPDATE_SNACKBAR,
            preventDuplicate: true,
            persist: true,
            action: <UpdateActions onReload={apply} onDismiss={() => closeNotice(UPDATE_SNACKBAR)} />,
          });
        },
      }),
    [register],
  );
  return null;
}
