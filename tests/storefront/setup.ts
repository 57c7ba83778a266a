import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { loadCatalog } from '@/lib/i18n';

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  document.documentElement.lang = 'en';
  document.documentElement.dir = 'ltr';
});

// The app loads the starting language's catalog before it renders (main.tsx); tests render without main.
await Promise.all([loadCatalog('en'), loadCatalog('ar')]);

// findBy… and waitFor wait for what a shopper would see, however busy the machine is: a
// slow render is not a failure, only one that never comes (the test's own limit ends it).
configure({ asyncUtilTimeout: 20_000 });
