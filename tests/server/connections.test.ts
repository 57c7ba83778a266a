// The server's connections, over real sockets: a request that arrives too
// slowly is cut off while other shoppers are still served, one address cannot
// hold more than its share of connections (a trusted proxy can), and what
// Node's parser refuses is answered like every other answer: the security
// headers and the API's envelope.
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.ts';
import { t } from '../../server/i18n/messages.ts';
import { securityHeaders } from '../../server/plugins/external/security-headers.ts';
import { parseConnectionLimits, type AppConfig } from '../../server/settings.ts';
import { MEDIA_DIR } from './helpers.ts';

/** How long a test waits for what should happen within a second or two: it catches a server that never does it, not a slow one. */
const PATIENCE_MS = 30_000;

const BOOT = "document.documentElement.lang = 'en';\n";

let dist: string;

beforeAll(() => {
  // A built storefront with an inline boot script, so the security headers carry its CSP hash.
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'attar-connections-dist-'));
  fs.writeFileSync(path.join(dist, 'index.html'), `<!doctype html><html><head><script>${BOOT}</script></head><body><div id="root"></div></body></html>`);
});

afterAll(() => {
  fs.rmSync(dist, { recursive: true, force: true });
});

interface Live {
  app: FastifyInstance;
  port: number;
  /** what the server logged, one JSON object per line */
  lines: string[];
}

/** A shop listening on 127.0.0.1 with the given limits, seeded with nothing (only /api/health is asked). */
async function listening(config: Partial<AppConfig>): Promise<Live> {
  const lines: string[] = [];
  const app = await buildApp({
    config: { databaseUrl: ':memory:', logLevel: 'warn', mediaDir: MEDIA_DIR, distDir: dist, seed: false, ...config },
    logStream: { write: (line) => void lines.push(line) },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, port: (app.server.address() as net.AddressInfo).port, lines };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A raw connection: everything the server sent, and when it closed (ms after `opened`). */
interface Raw {
  socket: net.Socket;
  opened: number;
  received: () => string;
  closed: Promise<number>;
  isClosed: () => boolean;
}

function connect(port: number): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    const opened = performance.now();
    let text = '';
    let done = false;
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      text += chunk;
    });
    // A reset from the server is a close too.
    socket.on('error', () => undefined);
    const closed = new Promise<number>((done_) => socket.once('close', () => {
      done = true;
      done_(performance.now() - opened);
    }));
    socket.once('connect', () => resolve({ socket, opened, received: () => text, closed, isClosed: () => done }));
    socket.once('error', reject);
  });
}

/** Waits for the connection to close; fails the test if it has not within PATIENCE_MS. */
async function closeOf(raw: Raw, what: string): Promise<number> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: still open after ${PATIENCE_MS} ms`)), PATIENCE_MS);
  });
  try {
    return await Promise.race([raw.closed, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** Waits until `received` holds a whole answer to one request (head and Content-Length body). */
async function answerOn(raw: Raw, what: string, from = 0): Promise<string> {
  const deadline = performance.now() + PATIENCE_MS;
  for (;;) {
    const text = raw.received().slice(from);
    const end = text.indexOf('\r\n\r\n');
    if (end >= 0) {
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(text.slice(0, end))?.[1] ?? 0);
      if (Buffer.byteLength(text.slice(end + 4)) >= length) return text;
    }
    if (raw.isClosed() || performance.now() > deadline) throw new Error(`${what}: no whole answer (${raw.isClosed() ? 'closed' : 'timed out'}); got ${JSON.stringify(text.slice(0, 200))}`);
    await sleep(20);
  }
}

/** One GET over a connection of its own; answers the status. */
function get(port: number, url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path: url, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    request.on('error', reject);
  });
}

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** The first answer in a connection's bytes, read as HTTP/1.1. */
function parseAnswer(text: string): Answer {
  const end = text.indexOf('\r\n\r\n');
  expect(end, `an answer head in ${JSON.stringify(text.slice(0, 200))}`).toBeGreaterThan(0);
  const [statusLine, ...lines] = text.slice(0, end).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const length = Number(headers['content-length']);
  const body = Buffer.from(text.slice(end + 4)).subarray(0, length).toString('utf8');
  return { status: Number(statusLine.split(' ')[1]), headers, body };
}

/** The security headers of an ordinary answer of the same server, every one of them on `answer` with the same value. */
async function expectSameSecurityHeaders(port: number, answer: Answer, what: string) {
  const ordinary = await new Promise<http.IncomingHttpHeaders>((resolve, reject) => {
    http.get({ host: '127.0.0.1', port, path: '/api/health', agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.headers));
    }).on('error', reject);
  });
  const names = Object.keys(securityHeaders());
  expect(names.length).toBeGreaterThan(5);
  for (const name of names) {
    expect(ordinary[name], `an ordinary answer's ${name}`).toBeDefined();
    expect(answer.headers[name], `${what}: ${name}`).toBe(ordinary[name]);
  }
  expect(answer.headers['content-security-policy'], `${what}: the boot script's hash`).toMatch(/script-src 'self' 'sha256-/);
  expect(answer.headers['x-powered-by'], what).toBeUndefined();
}

/** The API's envelope, in the shop's default language (English). */
function expectEnvelope(answer: Answer, status: number, key: Parameters<typeof t>[1], what: string) {
  expect(answer.status, what).toBe(status);
  expect(answer.headers['content-type'], what).toBe('application/json; charset=utf-8');
  expect(answer.headers.connection, what).toBe('close');
  expect(Number(answer.headers['content-length']), what).toBe(Buffer.byteLength(answer.body));
  expect(JSON.parse(answer.body), what).toEqual({ status, message: t('en', key) });
}

describe('a request that arrives too slowly', () => {
  const REQUEST_MS = 1000;
  let live: Live;

  beforeAll(async () => {
    live = await listening({ requestTimeoutMs: REQUEST_MS, headersTimeoutMs: REQUEST_MS });
  });

  afterAll(async () => {
    await live?.app.close();
  });

  it('is cut off within the request timeout, body a byte at a time, while other connections are served', async () => {
    const head = (method: string, url: string) => `${method} ${url} HTTP/1.1\r\nHost: attar\r\nContent-Type: application/json\r\nContent-Length: 60000\r\n\r\n`;
    const slow = [
      { what: 'GET /api/health, 60000 bytes promised', raw: await connect(live.port), head: head('GET', '/api/health') },
      { what: 'POST /api/user/login, 60000 bytes promised', raw: await connect(live.port), head: head('POST', '/api/user/login') },
    ];
    for (const { raw, head: text } of slow) raw.socket.write(text);
    // One byte every 200 ms on each, for as long as the server keeps them.
    const drip = setInterval(() => {
      for (const { raw } of slow) if (!raw.isClosed()) raw.socket.write('{');
    }, 200);
    // Meanwhile, shoppers on their own connections.
    const served: number[] = [];
    let others = true;
    const shoppers = (async () => {
      while (others) {
        served.push(await get(live.port, '/api/health'));
        await sleep(50);
      }
    })();
    try {
      const times = await Promise.all(slow.map(({ raw, what }) => closeOf(raw, what)));
      for (const [i, ms] of times.entries()) {
        // Closed by the limit, not before it (its clock starts after ours).
        expect(ms, slow[i].what).toBeGreaterThanOrEqual(REQUEST_MS - 50);
        console.info(`${slow[i].what}: closed after ${Math.round(ms)} ms (limit ${REQUEST_MS} ms)`);
      }
    } finally {
      clearInterval(drip);
      others = false;
      await shoppers;
    }
    expect(served.length, 'requests served while the slow ones were open').toBeGreaterThan(0);
    expect(served.every((status) => status === 200), `statuses: ${served.join(',')}`).toBe(true);

    // The POST got no answer before its body: its connection ends with 408 in the envelope.
    const post = parseAnswer(slow[1].raw.received());
    expectEnvelope(post, 408, 'request_timeout', 'the slow POST');
    await expectSameSecurityHeaders(live.port, post, 'the slow POST');
    // Cut off, not failed: nothing for the error log.
    expect(live.lines.filter((line) => JSON.parse(line).level >= 50)).toEqual([]);
  });
});

describe('headers that arrive too slowly', () => {
  const HEADERS_MS = 1000;
  let live: Live;

  beforeAll(async () => {
    // The whole request may take far longer than the test waits: only the headers' limit can close it.
    live = await listening({ requestTimeoutMs: 10 * 60_000, headersTimeoutMs: HEADERS_MS });
  });

  afterAll(async () => {
    await live?.app.close();
  });

  it('are cut off within the headers timeout, with a 408 in the envelope', async () => {
    const raw = await connect(live.port);
    raw.socket.write('GET /api/health HTTP/1.1\r\nHost: attar\r\n');
    let n = 0;
    const drip = setInterval(() => {
      if (!raw.isClosed()) raw.socket.write(`X-Slow-${(n += 1)}: a\r\n`);
    }, 200);
    try {
      const ms = await closeOf(raw, 'slow headers');
      expect(ms).toBeGreaterThanOrEqual(HEADERS_MS - 50);
      console.info(`slow headers: closed after ${Math.round(ms)} ms (limit ${HEADERS_MS} ms)`);
    } finally {
      clearInterval(drip);
    }
    const answer = parseAnswer(raw.received());
    expectEnvelope(answer, 408, 'request_timeout', 'slow headers');
    await expectSameSecurityHeaders(live.port, answer, 'slow headers');
    expect(await get(live.port, '/api/health')).toBe(200);
  });
});

describe('connections per address', () => {
  const CAP = 4;
  const EXTRA = 3;
  const request = 'GET /api/health HTTP/1.1\r\nHost: attar\r\n\r\n';

  /** Opens CAP connections, each answered once (so the server has counted it), then EXTRA more. */
  async function openMany(port: number) {
    const first: Raw[] = [];
    for (let i = 0; i < CAP; i += 1) {
      const raw = await connect(port);
      raw.socket.write(request);
      expect(parseAnswer(await answerOn(raw, `connection ${i + 1}`)).status).toBe(200);
      first.push(raw);
    }
    const extra: Raw[] = [];
    for (let i = 0; i < EXTRA; i += 1) extra.push(await connect(port));
    return { first, extra };
  }

  /** A second request on each connection, still answered. */
  async function stillServed(first: Raw[]) {
    for (const [i, raw] of first.entries()) {
      const from = raw.received().length;
      raw.socket.write(request);
      expect(parseAnswer(await answerOn(raw, `connection ${i + 1}, again`, from)).status, `connection ${i + 1}, again`).toBe(200);
    }
  }

  /** The EXTRA connections: each closed with no answer. */
  async function expectClosed(extra: Raw[], what: string) {
    for (const [i, raw] of extra.entries()) {
      raw.socket.write(request);
      await closeOf(raw, `${what}: extra connection ${i + 1}`);
      expect(raw.received(), `${what}: extra connection ${i + 1} got no answer`).toBe('');
    }
  }

  it(`holds one address to ${CAP} open connections: the extra ones are closed, the first still served, one warning`, async () => {
    // Idle connections kept long enough that only the cap can close one.
    const live = await listening({ maxConnectionsPerAddress: CAP, keepAliveTimeoutMs: 10 * 60_000 });
    try {
      const { first, extra } = await openMany(live.port);
      await expectClosed(extra, 'no proxy trusted');
      expect(first.every((raw) => !raw.isClosed())).toBe(true);
      await stillServed(first);

      const warnings = live.lines.map((line) => JSON.parse(line)).filter((entry) => entry.event === 'connections_capped');
      expect(warnings, 'one warning for the burst').toHaveLength(1);
      expect(warnings[0]).toMatchObject({ ip: '127.0.0.1', cap: CAP });

      // A closed connection frees its place.
      first[0].socket.destroy();
      const deadline = performance.now() + PATIENCE_MS;
      let status = 0;
      while (status !== 200 && performance.now() < deadline) {
        status = await get(live.port, '/api/health').catch(() => 0);
        if (status !== 200) await sleep(50);
      }
      expect(status, 'a new connection once one has closed').toBe(200);
      for (const raw of first) raw.socket.destroy();
    } finally {
      await live.app.close();
    }
  });

  it('caps an address TRUST_PROXY does not trust, and never the connections of a proxy it trusts', async () => {
    const cases: [AppConfig['trustProxy'], boolean][] = [
      ['10.0.0.1', true], [0, true],
      ['127.0.0.1', false], ['10.0.0.1, loopback', false], [1, false], [true, false],
    ];
    for (const [trustProxy, capped] of cases) {
      const what = `TRUST_PROXY=${trustProxy}`;
      const live = await listening({ maxConnectionsPerAddress: CAP, keepAliveTimeoutMs: 10 * 60_000, trustProxy });
      try {
        const { first, extra } = await openMany(live.port);
        if (capped) {
          await expectClosed(extra, what);
          await stillServed(first);
        } else {
          await stillServed([...first, ...extra]);
          expect([...first, ...extra].every((raw) => !raw.isClosed()), what).toBe(true);
          expect(live.lines.join(''), what).not.toMatch(/connections_capped/);
        }
        for (const raw of [...first, ...extra]) raw.socket.destroy();
      } finally {
        await live.app.close();
      }
    }
  });
});

describe('a request Node cannot read', () => {
  let live: Live;

  beforeAll(async () => {
    live = await listening({});
  });

  afterAll(async () => {
    await live?.app.close();
  });

  const cases: [string, string, number, Parameters<typeof t>[1]][] = [
    ['a malformed request line', 'GARBAGE\r\n\r\n', 400, 'bad_request'],
    ['headers over 16 KiB', `GET /api/health HTTP/1.1\r\nHost: attar\r\nX-Big: ${'a'.repeat(20 * 1024)}\r\n\r\n`, 431, 'headers_too_large'],
  ];

  for (const [what, bytes, status, key] of cases) {
    it(`answers ${what} with ${status}, the security headers and the envelope`, async () => {
      const raw = await connect(live.port);
      raw.socket.write(bytes);
      await closeOf(raw, what);
      const answer = parseAnswer(raw.received());
      expectEnvelope(answer, status, key, what);
      await expectSameSecurityHeaders(live.port, answer, what);
    });
  }
});

describe('the connection settings', () => {
  it('have defaults, and read the environment', () => {
    expect(parseConnectionLimits({})).toEqual({
      requestTimeoutMs: 30_000, headersTimeoutMs: 15_000, idleTimeoutMs: 60_000, keepAliveTimeoutMs: 5_000,
      maxRequestsPerConnection: 1000, maxConnectionsPerAddress: 32,
    });
    expect(parseConnectionLimits({ REQUEST_TIMEOUT_MS: '20000', HEADERS_TIMEOUT_MS: '20000', MAX_CONNECTIONS_PER_ADDRESS: '8' }))
      .toMatchObject({ requestTimeoutMs: 20_000, headersTimeoutMs: 20_000, maxConnectionsPerAddress: 8 });
  });

  it('stop the start with the variable named when a value is wrong', () => {
    for (const [name, value] of [['REQUEST_TIMEOUT_MS', 'soon'], ['HEADERS_TIMEOUT_MS', '0'], ['IDLE_TIMEOUT_MS', '-5'], ['KEEP_ALIVE_TIMEOUT_MS', '1.5'],
      ['MAX_REQUESTS_PER_CONNECTION', 'many'], ['MAX_CONNECTIONS_PER_ADDRESS', '1e12']]) {
      expect(() => parseConnectionLimits({ [name]: value }), `${name}=${value}`).toThrow(new RegExp(`^${name}:`));
    }
    expect(() => parseConnectionLimits({ HEADERS_TIMEOUT_MS: '40000' })).toThrow(/HEADERS_TIMEOUT_MS.*REQUEST_TIMEOUT_MS/);
  });
});
