// The back office's entry (admin.html): its own page and bundle, which no shopper loads
// (docs/decisions.md, "The back office: a second HTML entry"; docs/architecture.md, "The back office").
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import '@/lib/fonts.css';
import { storage } from '@/lib/storage';
import { AdminApp, AdminProviders, makeAdminQueryClient } from './app';
import { loadAdminCatalogs } from './i18n';

const queryClient = makeAdminQueryClient();

void loadAdminCatalogs(storage.lang()).then(() => {
  const root = createRoot(document.getElementById('root')!);
  // A transition: React renders the back office in slices, yielding to the phone's browser between
  // them, rather than in one long task (docs/architecture.md, "The main thread on a slow phone").
  startTransition(() => root.render(
    <StrictMode>
      <AdminProviders queryClient={queryClient}>
        <BrowserRouter basename="/admin">
          <AdminApp />
        </BrowserRouter>
      </AdminProviders>
    </StrictMode>,
  ));
});
