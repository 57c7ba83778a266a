import { Component, useEffect, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useLingui } from '@lingui/react/macro';
import { LoadingView } from '@/components/loading-view';
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
    <Box role="alert" sx={{ p: 4, display: 'grid', gap: 2, justifyItems: 'start' }}>
      <Typography variant="h5" component="h1">{t`This page could not be shown.`}</Typography>
      <Typography color="text.secondary">{t`Check your connection, then try again.`}</Typography>
      {/* Busy, not disabled, while the new version takes over: disabling would drop keyboard focus. */}
      <Button
        variant="contained"
        aria-busy={retrying || undefined}
        onClick={() => {
          if (retrying) return;
          setRetrying(true);
          if (chunk) void reloadOntoLatest();
          else reloadPage();
        }}
      >
        {t`Retry`}
      </Button>
    </Box>
  );
}

interface BoundaryProps {
  children: ReactNode;
  /** A new value clears a shown failure: the route's path, so leaving a broken screen shows the next one. */
  resetKey?: string;
  /** What an optional widget shows instead when it fails (RouteError when not given). */
  fallback?: ReactNode;
}

/**
 * Catches what a screen throws while loading or rendering and shows
 * RouteError in its place. The app has one around everything and one around
 * the routed screen inside the shell, so the banner, navigation and footer
 * stay. (The declarative router has no errorElement: the data router it
 * would need costs 17 KiB gzip on every first load.)
 */
export class ErrorBoundary extends Component<BoundaryProps, { error: unknown; failed: boolean; resetKey?: string }> {
  override state = { error: undefined as unknown, failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { failed: boolean; resetKey?: string }) {
    if (props.resetKey === state.resetKey) return null;
    return { error: undefined, failed: false, resetKey: props.resetKey };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return this.props.fallback !== undefined ? this.props.fallback : <RouteError error={this.state.error} />;
  }
}
