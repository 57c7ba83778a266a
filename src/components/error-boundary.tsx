import { Component, Suspense, type ReactNode } from 'react';

interface BoundaryProps {
  children: ReactNode;
  /** What shows instead of what failed: a node, or one made from the error. */
  fallback: ReactNode | ((error: unknown) => ReactNode);
  /** A new value clears a shown failure: a route's path, so leaving a broken screen shows the next one. */
  resetKey?: string;
}

interface BoundaryState {
  error: unknown;
  failed: boolean;
  resetKey?: string;
}

/**
 * Catches what its children throw while loading or rendering. The app has
 * one around everything and one around the routed screen (the route error
 * screen with Retry); optional widgets have their own, so their failure
 * leaves the page as it is. (The declarative router has no errorElement: the
 * data router it would need costs 17 KiB gzip on every first load.)
 */
export class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: undefined, failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error, failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    if (props.resetKey === state.resetKey) return null;
    return { error: undefined, failed: false, resetKey: props.resetKey };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    const { fallback } = this.props;
    return typeof fallback === 'function' ? fallback(this.state.error) : fallback;
  }
}

/**
 * An optional widget whose code loads lazily: `fallback` (nothing by default)
 * while it comes and, should it fail to load (offline, or gone after a
 * deploy), in its place, so the page around it stays.
 */
export function LazyWidget({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  return (
    <ErrorBoundary fallback={fallback}>
      <Suspense fallback={fallback}>{children}</Suspense>
    </ErrorBoundary>
  );
}
