import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
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
