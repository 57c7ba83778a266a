// The server's connections: how long a request may take to arrive, how many
// connections one client address may hold open, and the answer to a request
// Node itself could not read (before any route, hook or header of ours ran).
import http from 'node:http';
import type { Socket } from 'node:net';
import proxyAddr from '@fastify/proxy-addr';
import fp from 'fastify-plugin';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AppConfig } from '../../settings.ts';
import { parseLang, t, type MessageKey } from '../../i18n/messages.ts';

type Limits = Pick<AppConfig, 'requestTimeoutMs' | 'headersTimeoutMs' | 'idleTimeoutMs' | 'keepAliveTimeoutMs' | 'maxRequestsPerConnection'>;

/**
 * Node looks for requests past their time only every so often (every 30 s
 * unless told), so a 15 s limit could hold a connection 45 s. A quarter of the
 * shorter limit, at most a second: the check walks the open connections, so
 * once a second costs nothing worth counting.
 */
export function checkingIntervalMs(limits: Pick<Limits, 'requestTimeoutMs' | 'headersTimeoutMs'>): number {
  return Math.max(10, Math.min(1000, Math.floor(Math.min(limits.requestTimeoutMs, limits.headersTimeoutMs) / 4)));
}

/**
 * Fastify's options for the limits. Fastify's own defaults leave a request
 * all the time it wants (requestTimeout and connectionTimeout 0): a client
 * that sends its body a byte at a time held its connection for ever.
 */
export function connectionOptions(limits: Limits) {
  return {
    requestTimeout: limits.requestTimeoutMs,
    connectionTimeout: limits.idleTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    maxRequestsPerSocket: limits.maxRequestsPerConnection,
    // Node's own server options: Fastify sets no headers timeout nor checking interval.
    http: {
      requestTimeout: limits.requestTimeoutMs,
      headersTimeout: limits.headersTimeoutMs,
      connectionsCheckingInterval: checkingIntervalMs(limits),
    },
  };
}

/**
 * Whether a connection's own address is a proxy TRUST_PROXY trusts: the
 * same answer Fastify gives for the nearest hop when it reads X-Forwarded-For
 * (app.ts). `true` trusts every address; a hop count of 1 or more trusts
 * whatever connects, since it says a proxy is always in front.
 */
export function trustedPeer(trustProxy: AppConfig['trustProxy']): (address: string) => boolean {
  if (trustProxy === true) return () => true;
  if (trustProxy === false) return () => false;
  if (typeof trustProxy === 'number') return () => trustProxy > 0;
  const trust = proxyAddr.compile(trustProxy.split(',').map((part) => part.trim()).filter(Boolean));
  return (address) => trust(address, 0);
}

/** A socket's client address, an IPv4 one without its IPv6 prefix (`::ffff:`), so one client counts once. */
function clientAddress(socket: Socket): string | undefined {
  const address = socket.remoteAddress;
  return address?.startsWith('::ffff:') && address.includes('.') ? address.slice(7) : address;
}

/**
 * Counts the open connections of each client address and closes, as it
 * opens, any beyond `cap`: no client may hold the server's connections by
 * opening many. One warning per burst, not per connection: an address is
 * named again only once all its connections have closed.
 *
 * Connections from a trusted proxy are not counted: behind a proxy every
 * shopper arrives on the proxy's connections, and capping them would cap the
 * whole shop. The proxy is where each client's connections are capped.
 */
export function capConnectionsPerAddress(server: http.Server, cap: number, trusted: (address: string) => boolean, log: FastifyBaseLogger) {
  const open = new Map<string, number>();
  const warned = new Set<string>();
  server.on('connection', (socket: Socket) => {
    const address = clientAddress(socket);
    if (address === undefined || trusted(address)) return;
    const count = (open.get(address) ?? 0) + 1;
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) {
        open.set(address, left);
      } else {
        open.delete(address);
        warned.delete(address);
      }
    });
    if (count <= cap) return;
    if (!warned.has(address)) {
      warned.add(address);
      log.warn({ event: 'connections_capped', ip: address, cap }, 'too many connections from one address; the extra ones are closed');
    }
    socket.destroy();
  });
}

async function connectionsPlugin(app: FastifyInstance) {
  const { trustProxy, maxConnectionsPerAddress } = app.config;
  // `true` and a hop count trust every address: nothing would be counted.
  if (trustProxy === true || (typeof trustProxy === 'number' && trustProxy > 0)) return;
  capConnectionsPerAddress(app.server, maxConnectionsPerAddress, trustedPeer(trustProxy), app.log);
}

export default fp(connectionsPlugin, { name: 'connections' });

/** Node's codes for a request it could not read, or not in time, and what the shopper reads. */
function answerFor(code: string): [status: number, key: MessageKey] {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return [408, 'request_timeout'];
  if (code === 'HPE_HEADER_OVERFLOW') return [431, 'headers_too_large'];
  if (code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW') return [413, 'body_too_large'];
  return [400, 'bad_request'];
}

interface ClientError extends Error {
  code?: string;
}

/**
 * Fastify's clientErrorHandler: the answer to a request Node's parser refused
 * (a malformed request line, headers over 16 KiB) or that did not arrive in
 * time. Fastify's own answer carried none of our headers and not the API's
 * envelope; this one is a whole HTTP/1.1 answer like every other: the same
 * security headers (`headers()`), `{ status, message }` in the shop's default
 * language (the request's `lang` header was never read), then the connection
 * is closed. A connection the client reset, or that can no longer be written
 * to, or whose answer has begun, is only closed.
 */
export function clientErrorHandler(headers: () => Record<string, string>, log: () => FastifyBaseLogger) {
  const answers = new Map<number, string>();
  const lang = parseLang(undefined);
  const answer = (status: number, key: MessageKey) => {
    let text = answers.get(status);
    if (text === undefined) {
      const body = JSON.stringify({ status, message: t(lang, key) });
      const lines = [
        `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}`,
        ...Object.entries(headers()).map(([name, value]) => `${name}: ${value}`),
        'content-type: application/json; charset=utf-8',
        `content-length: ${Buffer.byteLength(body)}`,
        'connection: close',
      ];
      text = `${lines.join('\r\n')}\r\n\r\n${body}`;
      answers.set(status, text);
    }
    return text;
  };

  return (error: ClientError, socket: Socket) => {
    const code = error.code ?? '';
    const httpError = code.startsWith('HPE_') || code === 'ERR_HTTP_REQUEST_TIMEOUT';
    // The answer in progress on this connection, if any (Node's own test before it answers).
    const current = (socket as Socket & { _httpMessage?: http.ServerResponse | null })._httpMessage;
    if (!httpError || socket.destroyed || !socket.writable || current?.headersSent) {
      socket.destroy();
      return;
    }
    const [status, key] = answerFor(code);
    log().debug({ event: 'client_error', code, status, ip: socket.remoteAddress }, 'request refused before routing');
    socket.write(answer(status, key));
    socket.destroy();
  };
}
