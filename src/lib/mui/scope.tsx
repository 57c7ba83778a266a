import { useContext, type ComponentType, type ReactNode } from 'react';
import { CacheProvider } from '@emotion/react';
import { ThemeProvider } from '@mui/material/styles';
import { useLanguage } from '@/lib/language';
import { StyleCacheContext } from '@/lib/style-cache';
import { emotionCache, themeFor } from './theme';

/**
 * Attar's theme and its direction's style cache, around the MUI components
 * below it. The shell and the first screens (home, the lists, a product, the
 * cart) are plain HTML and CSS; MUI, Emotion and the theme come with the first
 * part that draws MUI (a form, a dialog, the menus), each wrapped in a scope
 * (withMui), so they are not in the code every first visit loads
 * (docs/decisions.md, "MUI kept off the first load").
 * A MUI component outside any scope would fall back to MUI's default theme
 * and cache: the e2e journeys check that no such style is ever written
 * (tests/e2e/harness.ts, expectAccessible).
 */
export function MuiScope({ children }: { children: ReactNode }) {
  const { dir } = useLanguage();
  const serverCache = useContext(StyleCacheContext);
  return (
    <CacheProvider value={serverCache ?? emotionCache(dir)}>
      <ThemeProvider theme={themeFor(dir)}>{children}</ThemeProvider>
    </CacheProvider>
  );
}

/** `Component` inside a MuiScope: for a screen or lazy widget that draws MUI components. */
export function withMui<P extends object>(Component: ComponentType<P>): ComponentType<P> {
  function Scoped(props: P) {
    return (
      <MuiScope>
        <Component {...props} />
      </MuiScope>
    );
  }
  Scoped.displayName = `withMui(${Component.displayName ?? Component.name})`;
  return Scoped;
}
