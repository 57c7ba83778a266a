import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config';

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
