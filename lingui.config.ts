import { defineConfig } from '@lingui/cli';

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'ar'],
  // The shop's catalog, which every shopper loads, and the back office's own (src/admin/i18n.ts).
  catalogs: [
    { path: '<rootDir>/locales/{locale}/messages', include: ['src'], exclude: ['<rootDir>/src/admin/**'] },
    { path: '<rootDir>/locales/{locale}/admin', include: ['src/admin'] },
  ],
  format: 'po',
  orderBy: 'messageId',
});
