// The deploy layout on this machine (scripts/cluster.ts, deploy/README.md):
// three server instances behind Debian's HAProxy, configured from
// deploy/haproxy.cfg. Requests are spread over the instances, and an instance
// told to stop in the middle of traffic drains: the balancer takes it out on
// its health check, and not one request fails.
//
// On one SQLite file by default; CLUSTER_DATABASE=postgres runs the same on a
// throwaway PostgreSQL (Debian's postgresql package, and a server that accepts
// postgres:// URLs).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { haproxyInstalled, startCluster, type Cluster, type ClusterDatabase } from '../../scripts/cluster.ts';

const DATABASE = (process.env.CLUSTER_DATABASE ?? 'sqlite') as ClusterDatabase;
const HAPROXY = haproxyInstalled();
if (!HAPROXY) console.warn('tests/server/cluster.test.ts skipped: HAProxy is not installed (apt-get install -y haproxy; .ci/run installs it)');

/** A wait for what the test must see: long, so that a busy machine is slow, not wrong. */
const WAIT = { timeout: 60_000, interval: 50 };

let tmp: string;
let cluster: Cluster;
const lines: { name: string; line: string; at: number }[] = [];

/** HAProxy's log line of one request (option httplog): the instance that answered and the status. */
const REQUEST_LINE = / instances\/(\S+) \S+ (\d{3}) /;

function answeredBy(path: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const { name, line } of lines) {
    const match = name === 'haproxy' && line.includes(`"GET ${path} `) ? REQUEST_LINE.exec(line) : null;
    if (match) counts.set(match[1], (counts.get(match[1]) ?? 0) + 1);
  }
  return counts;
}

describe.skipIf(!HAPROXY)(`three instances behind HAProxy, on ${DATABASE}`, () => {
  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'attar-cluster-test-'));
    // A storefront build of the smallest kind, shared by every instance: the test is about the layout, not the shop's pages.
    const dist = path.join(tmp, 'dist');
    fs.mkdirSync(dist, { recursive: true });
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><title>Attar</title></head><body><div id="root"></div></body></html>');
    cluster = await startCluster({
      instances: 3, port: 0, database: DATABASE, dir: tmp, distDir: dist,
      output: (name, line) => lines.push({ name, line, at: Date.now() }),
      env: { LOG_LEVEL: 'warn' },
    });
  });

  afterAll(async () => {
    await cluster?.stop();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('answers at one URL, every instance taking its share', async () => {
    for (let i = 0; i < 30; i++) {
      const res = await fetch(`${cluster.url}/api/categories?spread=1`);
      expect(res.status).toBe(200);
      await res.body?.cancel();
    }
    // HAProxy writes a request's line once it is done: wait for all thirty.
    await expect.poll(() => [...answeredBy('/api/categories?spread=1').values()].reduce((a, b) => a + b, 0), WAIT).toBe(30);
    expect([...answeredBy('/api/categories?spread=1').keys()].sort()).toEqual(['web1', 'web2', 'web3']);
  });

  it('drains an instance stopped mid-traffic: the balancer takes it out, no request fails, the URL keeps answering', async () => {
    const results: { status: number | string; at: number }[] = [];
    let traffic = true;
    const record = async (send: () => Promise<Response>) => {
      try {
        const res = await send();
        await res.arrayBuffer();
        results.push({ status: res.status, at: Date.now() });
      } catch (error) {
        results.push({ status: String((error as Error).cause ?? error), at: Date.now() });
      }
    };
    const browsing = async () => {
      while (traffic) await record(() => fetch(`${cluster.url}/api/home?traffic=1`));
    };
    // One shopper writes as well: a unit into the cart, then out again, each change with its own key.
    const login = await fetch(`${cluster.url}/api/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ login: 'demo@attar.eg', password: 'attar123' }) });
    expect(login.status).toBe(200);
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const change = (url: string, body: unknown) => () => fetch(`${cluster.url}/api${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
      body: JSON.stringify(body),
    });
    let rounds = 0;
    const writing = async () => {
      while (traffic) {
        await record(change('/addToCard', { product_id: 1 }));
        await record(change('/remove', { product_id: 1, qty: 1 }));
        rounds += 1;
      }
    };
    const shoppers = [...Array.from({ length: 5 }, browsing), writing()];
    await expect.poll(() => results.length, WAIT).toBeGreaterThanOrEqual(30);

    const web2 = cluster.instances[1];
    const told = Date.now();
    const exited = cluster.stopInstance(web2);
    await expect.poll(() => lines.find((l) => l.name === 'haproxy' && /instances\/web2 is DOWN/.test(l.line)), WAIT).toBeTruthy();
    const down = lines.find((l) => l.name === 'haproxy' && /instances\/web2 is DOWN/.test(l.line))!;
    console.log(`HAProxy took web2 out ${down.at - told} ms after its SIGTERM: ${down.line}`);
    // Taken out by its health check's 503 while it still accepted: not found gone (connection refused).
    expect(down.line).toMatch(/Layer7 wrong status, code: 503/);
    expect(await exited).toBe(0);
    const gone = Date.now();

    // The shop goes on answering at its URL once the instance is gone.
    await expect.poll(() => results.filter((r) => r.at > gone).length, WAIT).toBeGreaterThanOrEqual(30);
    traffic = false;
    await Promise.all(shoppers);

    const failed = results.filter((r) => r.status !== 200);
    console.log(`${results.length} requests (${rounds} add-and-remove rounds), ${failed.length} failed`);
    expect(failed, `${failed.length} of ${results.length} requests failed`).toEqual([]);
    // Every change happened once: as many units went out of the cart as came in.
    const cart = await fetch(`${cluster.url}/api/showCard`, { headers: { authorization: `Bearer ${token}` } });
    expect(cart.status).toBe(200);
    const inCart = ((await cart.json()) as { data: { product_in_card: { product_id: number }[] } }).data.product_in_card;
    expect(inCart.filter((line) => line.product_id === 1)).toEqual([]);
    expect(rounds).toBeGreaterThan(0);
    // web2 served its share before it was told, and the others carried on after.
    const served = answeredBy('/api/home?traffic=1');
    expect(served.get('web2')).toBeGreaterThan(0);
    expect((served.get('web1') ?? 0) + (served.get('web3') ?? 0)).toBeGreaterThan(30);
    // Nothing HAProxy answered was an error of its own (a 502/503 from a dead or refusing instance).
    const errors = lines.filter((l) => l.name === 'haproxy' && REQUEST_LINE.exec(l.line)?.[2].startsWith('5'));
    expect(errors.map((l) => l.line)).toEqual([]);
  });
});
