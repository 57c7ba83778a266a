// Listens for beforeinstallprompt from the first moment: Chromium may fire it before React mounts.
import './pwa/install-state';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import '@fontsource/cairo/arabic-400.css';
import '@fontsource/cairo/arabic-700.css';
import '@fontsource/cairo/latin-400.css';
import '@fontsource/cairo/latin-700.css';
import { AppProvider, makeQueryClient } from './app/provider';
import { router } from './app/router';
import { UpdatePrompt } from './pwa/update-prompt';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProvider queryClient={makeQueryClient()}>
      <RouterProvider router={router} />
      {/* The service worker exists only in a build: the dev server and tests run without it. */}
      {import.meta.env.PROD && <UpdatePrompt />}
    </AppProvider>
  </StrictMode>,
);
