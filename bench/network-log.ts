// What a page really fetched, from the devtools protocol: Playwright's own
// events do not say whether a response came from the service worker or a
// cache, nor how many bytes crossed the wire.
import type { Page } from 'playwright-core';

export interface LoggedRequest {
  url: string;
  /** the devtools resource type: Document, Script, Stylesheet, Fetch, Image, Font… */
  type: string;
  mimeType: string;
  status: number;
  /** bytes received for it (headers and the encoded body); 0 when it failed or came from a cache */
  encoded: number;
  fromServiceWorker: boolean;
  /** from the disk, memory or prefetch cache: nothing crossed the network */
  fromCache: boolean;
  failed: boolean;
}

export interface NetworkLog {
  /** every request finished or failed since the last reset */
  requests(): LoggedRequest[];
  /** bytes that really came from the network: not from the service worker, not from a cache */
  networkBytes(): number;
  reset(): void;
  /** resolves once nothing has been in flight for `quietMs` */
  quiet(quietMs?: number, timeoutMs?: number): Promise<void>;
  /** slows the page's main thread `rate` times (1: full speed) */
  throttleCpu(rate: number): Promise<void>;
}

export async function logNetwork(page: Page): Promise<NetworkLog> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  let open = new Map<string, LoggedRequest>();
  let done: LoggedRequest[] = [];
  let lastChange = Date.now();
  const touch = () => { lastChange = Date.now(); };

  cdp.on('Network.requestWillBeSent', (e) => {
    // A redirect reuses the request id: the hop before it is finished as far as bytes go.
    const before = open.get(e.requestId);
    if (before && e.redirectResponse) done.push({ ...before, status: e.redirectResponse.status, encoded: e.redirectResponse.encodedDataLength });
    open.set(e.requestId, {
      url: e.request.url, type: e.type ?? 'Other', mimeType: '', status: 0, encoded: 0,
      fromServiceWorker: false, fromCache: false, failed: false,
    });
    touch();
  });
  cdp.on('Network.requestServedFromCache', (e) => {
    const r = open.get(e.requestId);
    if (r) r.fromCache = true;
  });
  cdp.on('Network.responseReceived', (e) => {
    const r = open.get(e.requestId);
    if (!r) return;
    r.status = e.response.status;
    r.mimeType = e.response.mimeType;
    r.fromServiceWorker = Boolean(e.response.fromServiceWorker);
    r.fromCache ||= Boolean(e.response.fromDiskCache || e.response.fromPrefetchCache);
    touch();
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = open.get(e.requestId);
    if (!r) return;
    open.delete(e.requestId);
    r.encoded = e.encodedDataLength;
    done.push(r);
    touch();
  });
  cdp.on('Network.loadingFailed', (e) => {
    const r = open.get(e.requestId);
    if (!r) return;
    open.delete(e.requestId);
    r.failed = true;
    done.push(r);
    touch();
  });

  return {
    requests: () => [...done],
    networkBytes: () => done.filter((r) => !r.fromServiceWorker && !r.fromCache).reduce((sum, r) => sum + r.encoded, 0),
    reset() {
      open = new Map();
      done = [];
      touch();
    },
    async quiet(quietMs = 500, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (open.size > 0 || Date.now() - lastChange < quietMs) {
        if (Date.now() > deadline) throw new Error(`network never went quiet: ${[...open.values()].map((r) => r.url).join(', ')}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    async throttleCpu(rate) {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    },
  };
}
