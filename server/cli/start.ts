// `npm start`: builds the storefront when its build is missing or older than
// its sources, then starts the server, so a fresh clone needs one command.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = process.cwd();
// The build's inputs: the storefront, the server's contract it imports, the build's plugins (scripts/vite/).
const SOURCES = ['src', 'server/contract', 'public', 'locales', 'index.html', 'admin.html', 'vite.config.ts', 'scripts', 'lingui.config.ts', 'package-lock.json'];

function newest(root: string, entry: string): number {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const child of fs.readdirSync(full)) latest = Math.max(latest, newest(root, path.join(entry, child)));
  return latest;
}

export function storefrontIsStale(root = ROOT): boolean {
  const shell = path.join(root, 'dist', 'index.html');
  // A build from before the back office had no admin.html (scripts/vite/admin-build.ts).
  if (!fs.existsSync(shell) || !fs.existsSync(path.join(root, 'dist', 'admin.html'))) return true;
  const built = fs.statSync(shell).mtimeMs;
  return SOURCES.some((entry) => newest(root, entry) > built);
}

if (import.meta.url === `file://${process.argv[1]}` && process.env.DIST_DIR === undefined && fs.existsSync(path.join(ROOT, 'src')) && storefrontIsStale()) {
  console.log('Building the storefront (its build is missing or older than its sources)…');
  const result = spawnSync(process.execPath, [path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'], { stdio: 'inherit', cwd: ROOT });
  if (result.status !== 0) {
    console.error('The storefront did not build; the API starts anyway, without it.');
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await import('../server.ts');
