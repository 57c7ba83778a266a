import { useLingui } from '@lingui/react/macro';

/**
 * The full-screen loading view: the logo and a spinner. Styled by loading-view.css,
 * which src/main.tsx imports: in the page's inline styles, where the first paint finds it.
 */
export function LoadingView() {
  const { t } = useLingui();
  return (
    <div role="status" aria-live="polite" className="attar-loading">
      <div className="attar-loading__inner">
        <img src="/logo.svg" alt="" width={96} height={96} />
        <span role="progressbar" aria-label={t`Loading…`} className="attar-spinner" />
      </div>
    </div>
  );
}
