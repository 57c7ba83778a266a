import { useEffect, useState, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { LoadingView } from '@/components/loading-view';
import { buttonClass } from '@/components/plain-controls';
import { ErrorBoundary } from '@/components/error-boundary';
import { chunkOf, isChunkLoadError, reloadedForChunk, reloadOnceForChunk } from '@/pwa/chunk-load';
import { reloadPage } from '@/pwa/reload';
import { reloadOntoLatest } from '@/pwa/reload-latest';

/**
 * A screen that failed to load or render: say so and offer Retry, never a
 * blank page. A screen whose code did not arrive reloads the app once first
 * (after a deploy that is all it takes), onto the new version if one waits;
 * failing again, it is shown like any other failure, and its Retry also
 * reloads onto the new version.
 */
export function RouteError({ error }: { error: unknown }) {
  const { t } = useLingui();
  const chunk = isChunkLoadError(error);
  // Decided on mount: the reload's own flag must not turn this into the error screen before the page goes.
  const [reloading, setReloading] = useState(() => chunk && !reloadedForChunk());
  const [retrying, setRetrying] = useState(false);
  useEffect(() => {
    // The cause goes to the console for us; the shopper gets words they can act on.
    console.warn(error);
  }, [error]);
  useEffect(() => {
    // No reload when the tab cannot remember it (storage refused): the screen with Retry instead.
    if (reloading && !reloadOnceForChunk(chunkOf(error))) setReloading(false);
  }, [reloading, error]);
  if (reloading) return <LoadingView />;
  return (
    <div role="alert" className="attar-route-error">
      <h1 className="attar-route-error__title">{t`This page could not be shown.`}</h1>
      <p className="attar-route-error__text">{t`Check your connection, then try again.`}</p>
      {/* Busy, not disabled, while the new version takes over: disabling would drop keyboard focus. */}
      <button
        type="button"
        className={buttonClass('contained')}
        aria-busy={retrying || undefined}
        onClick={() => {
          if (retrying) return;
          setRetrying(true);
          if (chunk) void reloadOntoLatest();
          else reloadPage();
        }}
      >
        {t`Retry`}
      </button>
    </div>
  );
}

/** Shows RouteError for what its children throw; a new `resetKey` (the path) clears it. */
export function RouteErrorBoundary({ children, resetKey }: { children: ReactNode; resetKey?: string }) {
  return <ErrorBoundary resetKey={resetKey} fallback={(error) => <RouteError error={error} />}>{children}</ErrorBoundary>;
}
