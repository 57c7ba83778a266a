import { useLingui } from '@lingui/react/macro';
import { LoadFailed } from '@/components/load-failed';
import { syncOnlineState } from '@/lib/offline';

/** A step's data not on this device while offline: its query waits for the connection instead of asking. */
export const waitsForConnection = (query: { isPending: boolean; fetchStatus: string }) =>
  query.isPending && query.fetchStatus === 'paused';

/**
 * A checkout step that cannot show offline (a reload, or the other language,
 * with its data not kept on this device): checkout is online only, so it
 * says so with Retry instead of loading forever. It loads by itself once the
 * connection is back; Retry asks the browser again, in case that was missed.
 */
export function StepOffline({ onRetry }: { onRetry(): void }) {
  const { t } = useLingui();
  return (
    <LoadFailed
      message={t`You are offline. Connect and try again.`}
      onRetry={() => {
        syncOnlineState();
        onRetry();
      }}
    />
  );
}
