import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { storefrontIsStale } from '../../server/cli/start.ts';

describe('npm start builds the storefront only when it must', () => {
  it('when the build is missing, or older than a source file', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'attar-start-'));
    try {
      fs.mkdirSync(path.join(root, 'src', 'app'), { recursive: true });
      fs.writeFileSync(path.join(root, 'src', 'app', 'home.tsx'), 'x');
      const old = new Date(Date.now() - 60_000);
      fs.utimesSync(path.join(root, 'src', 'app', 'home.tsx'), old, old);
      fs.utimesSync(path.join(root, 'src', 'app'), old, old);
      fs.utimesSync(path.join(root, 'src'), old, old);
      expect(storefrontIsStale(root)).toBe(true);
      fs.mkdirSync(path.join(root, 'dist'));
      fs.writeFileSync(path.join(root, 'dist', 'index.html'), '<!doctype html>');
      // The back office's page is part of the build.
      expect(storefrontIsStale(root)).toBe(true);
      fs.writeFileSync(path.join(root, 'dist', 'admin.html'), '<!doctype html>');
      expect(storefrontIsStale(root)).toBe(false);
      const later = new Date(Date.now() + 60_000);
      fs.utimesSync(path.join(root, 'src', 'app', 'home.tsx'), later, later);
      expect(storefrontIsStale(root)).toBe(true);
      fs.utimesSync(path.join(root, 'src', 'app', 'home.tsx'), old, old);
      expect(storefrontIsStale(root)).toBe(false);
      // The build's plugins are sources too.
      fs.mkdirSync(path.join(root, 'scripts', 'vite'), { recursive: true });
      fs.writeFileSync(path.join(root, 'scripts', 'vite', 'boot-hints.ts'), 'x');
      fs.utimesSync(path.join(root, 'scripts', 'vite', 'boot-hints.ts'), later, later);
      expect(storefrontIsStale(root)).toBe(true);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
