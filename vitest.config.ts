import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          pool: 'forks',
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/global-setup.ts'],
          // One browser at a time: two cores are shared with the server.
          fileParallelism: false,
          testTimeout: 60_000,
        },
      },
      mergeConfig(viteConfig, {
        test: {
          name: 'storefront',
          include: ['tests/storefront/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/storefront/setup.ts'],
        },
      }),
    ],
  },
});
