import type { ReactNode } from 'react';
import { I18nProvider } from '@lingui/react';
import { CacheProvider } from '@emotion/react';
import { ThemeProvider } from '@mui/material/styles';
import CssBaseline from '@mui/material/CssBaseline';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MaterialDesignContent, SnackbarProvider } from 'notistack';
import { styled } from '@mui/material/styles';
import { i18n } from '@/lib/i18n';
import { LanguageProvider, useLanguage } from '@/lib/language';
import { SessionProvider } from '@/lib/session';
import { emotionCache, themeFor } from '@/lib/direction';

/** Snackbars with AA contrast: notistack's default green and orange fail it under white text. */
const Toast = styled(MaterialDesignContent)({
  '&.notistack-MuiContent-default': { backgroundColor: '#2b2b2b' },
  '&.notistack-MuiContent-success': { backgroundColor: '#1b5e20' },
  '&.notistack-MuiContent-error': { backgroundColor: '#b71c1c' },
  '&.notistack-MuiContent-warning': { backgroundColor: '#7a4100' },
  '&.notistack-MuiContent-info': { backgroundColor: '#0d47a1' },
});
const TOASTS = { default: Toast, success: Toast, error: Toast, warning: Toast, info: Toast };

export function makeQueryClient() {
  return new QueryClient({
    defaultOptions: { queries: { staleTime: 60_000, retry: 1, refetchOnWindowFocus: false } },
  });
}

/** Theme and style cache follow the language's direction, switched without a reload. */
function Directional({ children }: { children: ReactNode }) {
  const { dir } = useLanguage();
  return (
    <I18nProvider i18n={i18n}>
      <CacheProvider value={emotionCache(dir)}>
        <ThemeProvider theme={themeFor(dir)}>
          <CssBaseline />
          {children}
        </ThemeProvider>
      </CacheProvider>
    </I18nProvider>
  );
}

export function AppProvider({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  return (
    <LanguageProvider>
      <SessionProvider>
        <QueryClientProvider client={queryClient}>
          <Directional>
            <SnackbarProvider maxSnack={3} autoHideDuration={4000} Components={TOASTS}>
              {children}
            </SnackbarProvider>
          </Directional>
        </QueryClientProvider>
      </SessionProvider>
    </LanguageProvider>
  );
}
