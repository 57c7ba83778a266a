import { createContext } from 'react';
import type { EmotionCache } from '@emotion/cache';

/**
 * The server's render gives MUI's scopes (src/lib/mui/scope.tsx) the style
 * cache it collects the page's rules in; the browser leaves it empty and each
 * scope takes its direction's cache. A plain context, so the shell, which
 * draws no MUI component, carries no part of Emotion (docs/decisions.md,
 * "MUI kept off the first load").
 */
export const StyleCacheContext = createContext<EmotionCache | undefined>(undefined);
