import { useLingui } from '@lingui/react/macro';
import { buttonClass } from './plain-controls';

/** A screen's data did not load: the reason (the server's or the client's words) and a Retry. */
export function LoadFailed({ message, onRetry, busy }: { message: string; onRetry(): void; busy?: boolean }) {
  const { t } = useLingui();
  return (
    <div role="alert" className="attar-stack">
      <p className="attar-text">{message}</p>
      <button type="button" className={buttonClass('contained')} onClick={onRetry} aria-busy={busy || undefined}>{t`Retry`}</button>
    </div>
  );
}
