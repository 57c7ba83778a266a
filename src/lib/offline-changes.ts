// Changes the shopper can make offline (cart and wishlist): TanStack
// mutations that pause while offline, are kept in IndexedDB as soon as they
// are made (persist.ts), and are sent once each, in order, when the
// connection returns, even after a reload.
//
// - A persisted mutation has no function: its function and cache updates
//   come from `setMutationDefaults`, registered when the query client is made
//   (registerChange), so a change restored after a reload runs like a fresh one.
// - Each change carries an Idempotency-Key made when the shopper made it (in
//   its variables, so it is persisted and every send repeats it): a send
//   whose answer was lost, or the same change sent by two tabs, happens once.
//   The server keeps a key for 8 days, so a change waits at most 7
//   (CHANGE_MAX_AGE, counted from when it was made, not from any save).
// - One scope per kind ('cart', 'wishlist'): the server sees a feature's
//   changes one at a time, in the order they were made.
// - A change that was kept for later (made or paused offline, restored after
//   a reload, or whose answer was lost on the network) is a "replay": if it
//   fails, the shopper is told which change failed and why, since the screen
//   that made it may be long gone.
import {
  hashKey,
  onlineManager,
  useMutation,
  useMutationState,
  useQueryClient,
  type MutationCache,
  type QueryClient,
} from '@tanstack/react-query';
import { t } from '@lingui/core/macro';
import { ApiError, request, type Envelope, type RequestOptions } from './api-client';
import { storage, type Lang } from './storage';
import { notify } from './notify';
import { newKey } from './new-key';

/**
 * The shape of the changes' variables. Bump it when they change: changes a
 * shopper left waiting under an older build are then dropped instead of
 * being sent in a shape this build no longer reads (persist.ts).
 */
export const CHANGE_VERSION = 2;

/**
 * How long a change may wait to be sent: less than the server keeps its
 * Idempotency-Key (8 days), so a resend is always recognised and never runs
 * twice. Older ones are dropped and named, like a failure.
 */
export const CHANGE_MAX_AGE = 7 * 24 * 60 * 60 * 1000;

/** What every change carries besides its own fields. */
export interface Stamp {
  /** the Idempotency-Key, made once when the shopper made the change */
  key: string;
  /** the sign-in the change was made in: it is never sent with another one */
  token: string | null;
  /** when the shopper made it (ms since the epoch): its age, which no save refreshes */
  at: number;
  /** breaks ties between changes made in the same millisecond, so a restore keeps their order */
  n: number;
  /**
   * the language it was made in: every send asks for it, so the first answer
   * and the server's replay of it (its bytes, in the first request's
   * language) are in the same language, and are filed under it
   */
  lang: Lang;
  v: number;
}

export interface Change {
  stamp: Stamp;
}

let made = 0;

/** A new change's stamp: call it once per change the shopper makes, never per send, with the language they see it in. */
export function stampChange(token: string | null, lang: Lang): Stamp {
  made += 1;
  return { key: newKey(), token, at: Date.now(), n: made, lang, v: CHANGE_VERSION };
}

/** Oldest first: the order the shopper made them in. */
export const byAge = (a: Stamp, b: Stamp) => a.at - b.at || a.n - b.n;

/** Made longer ago than a change may wait (CHANGE_MAX_AGE). */
export const isExpired = (stamp: Stamp, now = Date.now()) => now - stamp.at > CHANGE_MAX_AGE;

/**
 * Sends a change with its Idempotency-Key, in the language it was made in. A
 * change made under a sign-in that is over (log-out, an expired token) is not
 * sent with whoever is signed in now: it fails here, and is named as not done.
 */
export async function sendChange<T, Extra = object>(stamp: Stamp, path: string, options: Omit<RequestOptions, 'lang'> = {}): Promise<Envelope<T> & Extra> {
  if (storage.token() !== stamp.token) throw new ApiError(401, t`You were signed out.`);
  return request<T, Extra>(path, { ...options, lang: stamp.lang, headers: { ...options.headers, 'Idempotency-Key': stamp.key } });
}

export interface ChangeDefinition<V extends Change, D> {
  /** [feature, kind]: the feature is the mutations' prefix, the kind names the change */
  mutationKey: readonly [string, string];
  /** changes of one scope reach the server one at a time, in order */
  scope: string;
  send(vars: V): Promise<D>;
  /** cache updates after the answer: the same whether the screen that made the change is still open or not */
  onSuccess?(queryClient: QueryClient, data: D, vars: V): unknown;
  onSettled?(queryClient: QueryClient, vars: V): unknown;
  /** the change in a few words, for the waiting list: 'Add Oud Royal' */
  describe(vars: V): string;
  /** why it was not done, naming it: "Couldn't add Oud Royal to your cart: …" */
  failed(vars: V, reason: string): string;
}

// Definitions are static: one registry for every query client (tests make many).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const definitions = new Map<string, ChangeDefinition<any, any>>();

/** A 409 (the same key still in flight, say from another tab) is asked again this many times. */
const IN_FLIGHT_RETRIES = 10;

/** The answer was lost on the network: the change may or may not be done, and only a resend with its key tells. */
export const isLostAnswer = (error: unknown) => error instanceof ApiError && error.status === 0;

/**
 * A lost answer (no connection) is sent again, with the same key, for as
 * long as it takes: the server does it once, so it is never dropped for a
 * network error. The wait doubles up to 30 s (TanStack's default delay), and
 * while offline a retry waits for the connection. The same key still in
 * flight (409) is asked again a few times.
 */
const retrySafely = (failures: number, error: unknown) =>
  isLostAnswer(error) || (error instanceof ApiError && error.status === 409 && failures < IN_FLIGHT_RETRIES);

/** A change that waited longer than its key is kept: it is not sent (it could run twice), but named. */
export function expiredReason() {
  return t`It waited more than a week for a connection.`;
}

/** Gives a kind of change its function and cache updates, for fresh and restored changes alike. */
export function registerChange<V extends Change, D>(queryClient: QueryClient, def: ChangeDefinition<V, D>) {
  definitions.set(hashKey(def.mutationKey), def);
  queryClient.setMutationDefaults<D, Error, V>(def.mutationKey, {
    // A page left open offline for days resumes it here; a reload drops it before (persist.ts).
    mutationFn: (vars) => (isExpired(vars.stamp) ? Promise.reject(new Error(expiredReason())) : def.send(vars)),
    ...(def.onSuccess && { onSuccess: (data: D, vars: V) => def.onSuccess!(queryClient, data, vars) }),
    ...(def.onSettled && { onSettled: (_data: D | undefined, _error: Error | null, vars: V) => def.onSettled!(queryClient, vars) }),
    scope: { id: def.scope },
    retry: retrySafely,
    networkMode: 'online',
  });
}

/** Any mutation, as far as these functions read it. */
interface AnyMutation {
  options: { mutationKey?: readonly unknown[] };
  state: { variables?: unknown; status: string; isPaused: boolean };
}

function definitionOf(mutationKey: readonly unknown[] | undefined) {
  return mutationKey ? definitions.get(hashKey(mutationKey)) : undefined;
}

function isChange(vars: unknown): vars is Change {
  const stamp = (vars as Change | undefined)?.stamp;
  return typeof stamp?.key === 'string' && stamp.v === CHANGE_VERSION && typeof stamp.at === 'number';
}

/** The variables of a registered change, or null for any other mutation. */
export function changeOf(mutation: AnyMutation): Change | null {
  const vars = mutation.state.variables;
  return definitionOf(mutation.options.mutationKey) && isChange(vars) ? vars : null;
}

/** A persisted change this build can still send (persist.ts keeps these across builds). */
export function isSendableChange(mutation: { mutationKey?: readonly unknown[]; state: { status: string; variables?: unknown } }) {
  return mutation.state.status === 'pending' && !!definitionOf(mutation.mutationKey) && isChange(mutation.state.variables)
    && (mutation.state.variables as Change).stamp.token !== null;
}

/** Keys of the changes kept for later: made or paused offline, or restored after a reload. */
const replays = new Set<string>();

/** Was this change kept for later? Its failure is then told by name (reportReplayFailure), not by the screen. */
export const isReplay = (change: Change | null | undefined) => !!change && replays.has(change.stamp.key);

/**
 * Is a screen waiting for this change's answer? Not while it waits for the
 * connection (paused), nor once it is a replay (its answer was lost and it
 * is being sent again by itself): the shopper may go on making changes,
 * which queue behind it.
 */
export function isAwaited(mutation: { isPending: boolean; isPaused: boolean; variables?: unknown }) {
  return mutation.isPending && !mutation.isPaused && !isReplay(mutation.variables as Change | undefined);
}

/** Marks the replays as the mutation cache changes. Call once per query client, before anything mutates. */
export function trackReplays(mutationCache: MutationCache) {
  return mutationCache.subscribe((event) => {
    if (event.type !== 'added' && event.type !== 'updated') return;
    const change = changeOf(event.mutation);
    if (!change) return;
    const { state } = event.mutation;
    // A restored change arrives already pending; a new one is idle when added.
    const restored = event.type === 'added' && state.status === 'pending';
    const heldOffline = state.isPaused && !onlineManager.isOnline();
    // Its answer was lost: it is sent again until the network lets it through, the screen need not wait for it.
    const lost = state.status === 'pending' && isLostAnswer(state.failureReason);
    if (restored || heldOffline || lost) replays.add(change.stamp.key);
  });
}

/**
 * The mutation cache's onError: a replay that fails is named with the
 * reason, e.g. "Couldn't add Oud Royal to your cart: Only 2 left in stock."
 * Other failures are the screen's to tell, as before.
 */
export function reportReplayFailure(error: unknown, _vars: unknown, _context: unknown, mutation: AnyMutation) {
  const change = changeOf(mutation);
  const def = definitionOf(mutation.options.mutationKey);
  if (!change || !def || !isReplay(change)) return;
  const reason = error instanceof Error && error.message ? error.message : t`Something went wrong. Please try again.`;
  notify(def.failed(change, reason), { variant: 'error', autoHideDuration: 8000 });
}

/** A change dropped without being sent (it waited too long), named as a failure. */
export function reportDropped(mutation: { mutationKey?: readonly unknown[]; state: { variables?: unknown } }, reason: string) {
  const def = definitionOf(mutation.mutationKey);
  const vars = mutation.state.variables;
  if (!def || !isChange(vars)) return;
  notify(def.failed(vars, reason), { variant: 'error', autoHideDuration: 8000 });
}

/** Log-out: the shopper's changes not yet sent are dropped, with nothing left to send them. */
export function dropChanges(queryClient: QueryClient) {
  const cache = queryClient.getMutationCache();
  for (const mutation of cache.getAll()) {
    if (changeOf(mutation) && mutation.state.status === 'pending') cache.remove(mutation);
  }
}

export interface WaitingChange<V extends Change = Change> {
  id: number;
  /** the second part of the mutation key: 'add', 'smell'… */
  kind: string;
  vars: V;
  /** the change in a few words, in the active language */
  text: string;
}

/**
 * The replays of one feature (`prefix`: 'cart', 'wishlist') not yet done,
 * oldest first, for the shopper signed in now. A screen shows them as
 * waiting, and shows its own data as those changes will make it.
 */
export function useWaitingChanges<V extends Change>(prefix: string, token: string | null): WaitingChange<V>[] {
  const pending = useMutationState({
    filters: { mutationKey: [prefix], status: 'pending' },
    select: (m) => ({ id: m.mutationId, mutationKey: m.options.mutationKey, paused: m.state.isPaused, vars: m.state.variables }),
  });
  const waiting: WaitingChange<V>[] = [];
  for (const m of pending) {
    const def = definitionOf(m.mutationKey);
    if (!def || !isChange(m.vars) || m.vars.stamp.token !== token || !isReplay(m.vars)) continue;
    const vars = m.vars as V;
    waiting.push({ id: m.id, kind: String(m.mutationKey![1]), vars, text: def.describe(vars) });
  }
  return waiting.sort((a, b) => a.id - b.id);
}

/**
 * A change kind as a hook. `onAnswer` adds what only a mounted screen can do
 * (the session's badge) to the registered cache updates; a registered
 * onSuccess would otherwise be replaced, not extended.
 */
export function useChange<V extends Change, D>(def: ChangeDefinition<V, D>, onAnswer?: (data: D, vars: V) => void) {
  const queryClient = useQueryClient();
  return useMutation<D, Error, V>({
    mutationKey: def.mutationKey,
    ...(onAnswer && {
      onSuccess: async (data: D, vars: V) => {
        onAnswer(data, vars);
        await def.onSuccess?.(queryClient, data, vars);
      },
    }),
  });
}
