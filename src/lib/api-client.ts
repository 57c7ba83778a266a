// The one way to call the API: adds `lang` and the bearer token, unwraps the
// `{ status, message, data }` envelope, and turns every failure into an
// ApiError carrying the server's message and field errors.
import { t } from '@lingui/core/macro';
import { storage, type Lang } from './storage';
import { takeEarlyAnswer } from './early-data';

const BASE = `${import.meta.env.VITE_API_HOST ?? ''}/api`;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields: Record<string, string[]> = {},
    /** true when `message` is the server's own words, not the client's stand-in */
    readonly fromServer = false,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface Envelope<T> {
  status: number;
  message: string;
  data: T;
}

type Transport = (url: string, init: RequestInit) => Promise<Response>;
let transport: Transport = (url, init) => fetch(url, init);

/**
 * How requests reach the API: the browser's fetch, or, when the server
 * renders a first screen (src/entry-server.tsx), the server itself.
 */
export function setTransport(next: Transport) {
  transport = next;
}

type UnauthorizedHandler = () => void;
let onUnauthorized: UnauthorizedHandler = () => {};

/** Who handles a 401 (clear the token, go to sign-in): set once by the app. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler) {
  onUnauthorized = handler;
}

export interface RequestOptions {
  /**
   * The language to answer in (the `lang` header): the one the query's key
   * holds, or the one the change was made in. Given by each caller, never
   * read from the page's current language, so an answer is always filed
   * under the language it is in, even when the shopper switches meanwhile.
   */
  lang: Lang;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** false: a 401 is the caller's to handle */
  handleUnauthorized?: boolean;
  /**
   * true: sent without the token, for answers that are the same for every
   * shopper, which the service worker may then keep (it never keeps one
   * asked with a token).
   */
  anonymous?: boolean;
}

export async function request<T, Extra = object>(path: string, options: RequestOptions): Promise<Envelope<T> & Extra> {
  const headers: Record<string, string> = { ...options.headers, lang: options.lang };
  const token = options.anonymous ? null : storage.token();
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const method = options.method ?? 'GET';
  const send = () => transport(`${BASE}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  });
  // The first screen's call may have been made already by the boot script (src/boot.ts), which knows only the same-origin API.
  const early = method === 'GET' && BASE === '/api' ? takeEarlyAnswer(path, options.lang, headers.authorization) : undefined;
  let res: Response;
  try {
    // An early call that failed on the network is made again, as if there had been none.
    res = await (early ? early.catch(send) : send());
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, t`No connection. Check your internet and try again.`);
  }
  let body: Partial<Envelope<T>> & { errors?: Record<string, string[]> } = {};
  try {
    body = await res.json();
  } catch {
    // Not JSON: a proxy's error page, say. The status still tells what happened.
  }
  if (!res.ok) {
    if (res.status === 401 && options.handleUnauthorized !== false) onUnauthorized();
    const said = typeof body.message === 'string' && body.message.trim() !== '';
    throw new ApiError(
      res.status,
      said ? body.message! : t`Something went wrong. Please try again.`,
      body.errors ?? {},
      said,
    );
  }
  return body as Envelope<T> & Extra;
}
