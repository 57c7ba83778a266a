// A build is for shoppers, whoever starts it: Vitest's NODE_ENV=test would otherwise give React's development build.
import { execSync } from 'node:child_process';
import type { Plugin } from 'vite';

/**
 * `vite build` spawned from Vitest (the e2e set-up) inherits NODE_ENV=test,
 * which Vite would honour: React's development build, and no service worker
 * registered (import.meta.env.PROD false).
 */
export function productionBuild(): Plugin {
  return {
    name: 'attar:production-build',
    apply: 'build',
    config() {
      if (process.env.NODE_ENV === 'test') process.env.NODE_ENV = 'production';
    },
  };
}

/**
 * Names the build, in index.html's <meta name="attar-build"> and for the app
 * as import.meta.env.VITE_BUILD_ID: the commit, unless the builder names it.
 */
export function nameTheBuild(root: string) {
  if (process.env.VITE_BUILD_ID) return;
  try {
    process.env.VITE_BUILD_ID = execSync('git rev-parse --short HEAD', { cwd: root, stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
  } catch {
    process.env.VITE_BUILD_ID = 'unknown';
  }
}
