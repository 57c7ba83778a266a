import { useLingui } from '@lingui/react/macro';
import { useOnline } from '@/lib/offline';

/**
 * The changes the shopper made that the server has not had yet (offline,
 * or kept across a reload): "Waiting for connection: Add Oud Royal; Smell
 * for unit 1 of Bleu Horizon". Once online they go one by one as they are
 * sent. The region is always there, so a screen reader hears each change
 * as it is added and the list as it empties.
 */
export function WaitingChanges({ changes }: { changes: readonly { id: number; text: string }[] }) {
  const { t } = useLingui();
  const online = useOnline();
  return (
    <div role="status" aria-live="polite" data-testid="waiting-changes">
      {changes.length > 0 && (
        <div className="attar-waiting">
          <h2 className="attar-waiting__title">{online ? t`Sending your changes…` : t`Waiting for connection`}</h2>
          <ul className="attar-waiting__list">
            {changes.map((change) => <li key={change.id}>{change.text}</li>)}
          </ul>
        </div>
      )}
    </div>
  );
}
