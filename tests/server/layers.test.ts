// The server's layers, as its imports show them (docs/architecture.md):
// domain and contract are pure, routes reach repositories only through the
// app's decorated instances, and the database's own code (migrations, seed)
// never reaches into the app's plugins.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SERVER = path.join(ROOT, 'server');

const IMPORT = /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

interface Import {
  /** the importing file, from the repository's root */
  file: string;
  specifier: string;
  /** where a relative specifier leads, from the repository's root; null for a package */
  target: string | null;
}

function importsUnder(dir: string): Import[] {
  const found: Import[] = [];
  for (const name of fs.readdirSync(path.join(SERVER, dir), { recursive: true }) as string[]) {
    if (!name.endsWith('.ts')) continue;
    const file = path.join(SERVER, dir, name);
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(IMPORT)) {
      const specifier = m[1] ?? m[2];
      const target = specifier.startsWith('.') ? path.relative(ROOT, path.resolve(path.dirname(file), specifier)) : null;
      found.push({ file: path.relative(ROOT, file), specifier, target });
    }
  }
  return found;
}

const show = (list: Import[]) => list.map((i) => `${i.file} imports ${i.specifier}`);

describe('the server\'s layers', () => {
  it('reads imports (this test can see them)', () => {
    const routes = importsUnder('routes');
    expect(routes.some((i) => i.specifier === '@fastify/type-provider-typebox')).toBe(true);
    expect(routes.some((i) => i.target === path.join('server', 'contract', 'checkout.ts'))).toBe(true);
  });

  it('domain: pure rules, importing only domain and contract (no node:, no database, no Fastify)', () => {
    const bad = importsUnder('domain').filter((i) =>
      i.target === null || !(i.target.startsWith(path.join('server', 'domain') + path.sep) || i.target.startsWith(path.join('server', 'contract') + path.sep)));
    expect(show(bad)).toEqual([]);
  });

  it('contract: schemas and shared rules, importing only TypeBox and the contract (the storefront imports it)', () => {
    const bad = importsUnder('contract').filter((i) =>
      (i.target === null ? i.specifier !== 'typebox' : !i.target.startsWith(path.join('server', 'contract') + path.sep)));
    expect(show(bad)).toEqual([]);
  });

  it('routes reach repositories and services through app.<name>, never by importing them or the database', () => {
    const bad = importsUnder('routes').filter((i) => i.target !== null && (
      /-repository\.ts$/.test(i.target)
      || i.target.startsWith(path.join('server', 'services') + path.sep)
      || i.target === path.join('server', 'db', 'database.ts')));
    expect(show(bad)).toEqual([]);
  });

  it('the database\'s migrations and seed, and the services, do not reach into routes; the database not into plugins', () => {
    const intoPlugins = importsUnder('db').filter((i) => i.target !== null && (
      i.target.startsWith(path.join('server', 'plugins') + path.sep) || i.target.startsWith(path.join('server', 'routes') + path.sep)));
    const intoRoutes = importsUnder('services').filter((i) => i.target !== null && i.target.startsWith(path.join('server', 'routes') + path.sep));
    expect(show([...intoPlugins, ...intoRoutes])).toEqual([]);
  });
});
