import createCache, { type EmotionCache } from '@emotion/cache';
import { prefixer } from 'stylis';
import rtlPlugin from 'stylis-plugin-rtl';
import { createTheme, type Theme } from '@mui/material/styles';
import type { Direction } from '@/lib/direction';

/**
 * A direction's Emotion cache: rtl styles are flipped by stylis-plugin-rtl.
 * In the browser it takes over the styles the server rendered with the same
 * key (`<style data-emotion="mui …">`), so their rules are not made again.
 */
export const makeEmotionCache = (dir: Direction): EmotionCache =>
  dir === 'rtl' ? createCache({ key: 'muirtl', prepend: true, stylisPlugins: [prefixer, rtlPlugin] }) : createCache({ key: 'mui', prepend: true });

/** The browser's: one per direction, for the page's life, made when a MUI part first shows. */
const caches = new Map<Direction, EmotionCache>();

export function emotionCache(dir: Direction): EmotionCache {
  let cache = caches.get(dir);
  if (!cache) caches.set(dir, (cache = makeEmotionCache(dir)));
  return cache;
}

const themes = new Map<Direction, Theme>();

/** Attar's palette: deep oud brown and gold, with AA contrast on white. */
export function themeFor(dir: Direction): Theme {
  let theme = themes.get(dir);
  if (!theme) {
    theme = createTheme({
      direction: dir,
      palette: {
        primary: { main: '#5b3a1e', contrastText: '#ffffff' },
        secondary: { main: '#8a6212', contrastText: '#ffffff' },
        background: { default: '#fbf8f3' },
      },
      typography: {
        fontFamily: dir === 'rtl'
          ? '"Cairo", "Cairo Fallback", "Segoe UI", Tahoma, sans-serif'
          : '"Cairo", "Cairo Fallback", system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
      },
      shape: { borderRadius: 10 },
      components: {
        // A focus ring that shows on every control, icon buttons included (WCAG 2.4.7, 1.4.11).
        MuiButtonBase: {
          styleOverrides: {
            root: { '&.Mui-focusVisible': { outline: '3px solid #8a6212', outlineOffset: 2 } },
          },
        },
      },
    });
    themes.set(dir, theme);
  }
  return theme;
}
