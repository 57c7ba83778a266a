// Builds the storefront once for the journeys, into its own folder so a
// developer's dist/ is left alone.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

export const E2E_DIST = path.resolve(import.meta.dirname, '../../node_modules/.cache/attar-e2e-dist');

export default function setup() {
  const vite = path.resolve(import.meta.dirname, '../../node_modules/vite/bin/vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--outDir', E2E_DIST, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('the storefront did not build');
}
