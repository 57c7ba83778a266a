// The back office's entry (admin.html): its own page and bundle, which no shopper loads
// (docs/decisions.md, "The back office: a second HTML entry"; docs/architecture.md, "The back office").
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import '@/lib/fonts.css';
import { storage } from '@/lib/storage';
import { AdminApp, AdminProviders, makeAdminQueryClient } from './app';
import { loadAdminCatalogs } from './i18n';

const queryClient = makeAdminQueryClient();

void loadAdminCatalogs(storage.lang()).then(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AdminProviders queryClient={queryClient}>
        <BrowserRouter basename="/admin">
          <AdminApp />
        </BrowserRouter>
      </AdminProviders>
    </StrictMode>,
  );
});
