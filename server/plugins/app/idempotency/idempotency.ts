import fp from 'fastify-plugin';
import type {
  FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction, onSendHookHandler, preHandlerHookHandler, RouteOptions,
} from 'fastify';
import { requestHash, type KeyMessages, type StoredAnswer } from './idempotency-repository.ts';

/**
 * `config: { idempotency: {} }` on a route: an optional Idempotency-Key header
 * makes the request safe to send again (a retry on a flaky network, the
 * storefront's offline queue replayed after a reload). The key is claimed in
 * preHandler, after authentication and schema validation and before the
 * handler, and the answer is kept in onSend, before compression, as it went
 * out. Without the header no query runs.
 *
 * A key belongs to (shopper, key) and to one request: method, route, path
 * params and body. The same key for another request answers 422; a retry of
 * the same one gets the first answer (status, Content-Type, body, in the first
 * request's language) with `Idempotent-Replayed: true`.
 *
 * Which answers are kept:
 * - 2xx, always.
 * - 4xx refusals (a 422 'out of stock', a 404 cart line), by default too: a
 *   retry with the key is the same change at the same moment, so it gets the
 *   same refusal. Running it again could answer otherwise (the stock came
 *   back) and the shopper, told 'out of stock', would find the change made.
 *   Trying again later is a new change, with a new key. `refusals: 'release'`
 *   frees the key instead (checkout: the shopper fixes the cart and confirms
 *   again with the same attempt).
 * - never 401, 408, 409, 429 or 5xx: they say nothing about the change (or
 *   that it was rolled back), so the key is freed and a retry runs anew.
 *
 * The answer is kept after the change commits, in a second write: a process
 * crash between the two leaves the key in flight until its holder's lease
 * runs out (the holder renews it while the request runs); a retry then takes
 * it over and runs the change again. Checkout, where that would be a
 * second order, keeps its answer inside the order's transaction instead
 * (the checkout service calls IdempotencyKeys.complete with the transaction
 * and the route's request.idempotencyKeyId).
 */
export interface IdempotencyOptions {
  messages?: KeyMessages;
  refusals?: 'replay' | 'release';
}

declare module 'fastify' {
  interface FastifyContextConfig {
    idempotency?: IdempotencyOptions;
  }
  interface FastifyRequest {
    /** the key this request claimed, until its answer is kept; null without a key */
    idempotencyKeyId: number | null;
  }
}

const CHANGE_MESSAGES: KeyMessages = { inFlight: 'change_in_flight', mismatch: 'change_key_mismatch' };

/** Answers that say nothing about whether the change happened: never replayed. */
const TRANSIENT = new Set([401, 408, 409, 429]);

function keeps(status: number, refusals: 'replay' | 'release'): boolean {
  if (status >= 200 && status < 300) return true;
  return refusals === 'replay' && status >= 400 && status < 500 && !TRANSIENT.has(status);
}

const asArray = <T>(hooks: T | T[] | undefined): T[] => (hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks]);

async function idempotency(app: FastifyInstance) {
  const keys = app.idempotencyKeys;
  app.decorateRequest('idempotencyKeyId', null);

  function sendReplay(reply: FastifyReply, answer: StoredAnswer) {
    reply.code(answer.statusCode).type(answer.contentType).header('idempotent-replayed', 'true').send(answer.body);
  }

  function claimHook(messages: KeyMessages): preHandlerHookHandler {
    return (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
      const key = request.headers['idempotency-key'];
      if (typeof key !== 'string' || !request.user) return done();
      const hash = requestHash({ method: request.method, route: request.routeOptions.url ?? '', params: request.params, body: request.body });
      keys.claim(request.user.id, key, hash, messages).then((claim) => {
        if (claim.replay) return sendReplay(reply, claim.replay);
        request.idempotencyKeyId = claim.id;
        done();
      }, done);
    };
  }

  function answerHook(refusals: 'replay' | 'release'): onSendHookHandler {
    return (request, reply, payload, done) => {
      const id = request.idempotencyKeyId;
      if (id === null) return done(null, payload);
      request.idempotencyKeyId = null;
      const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
      const status = reply.statusCode;
      const work = body !== null && keeps(status, refusals)
        ? keys.complete(id, { statusCode: status, contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'), body })
        : keys.release(id);
      // The change is made whatever happens here: send its answer anyway (a
      // shopper who has it does not retry).
      work.catch((error: unknown) => request.log.error({ err: error, reqId: request.id }, 'idempotency key not settled'))
        .finally(() => done(null, payload));
    };
  }

  app.addHook('onRoute', (route: RouteOptions) => {
    const options = route.config?.idempotency;
    if (!options) return;
    const headers = route.schema?.headers as { properties?: Record<string, unknown> } | undefined;
    if (!headers?.properties?.['idempotency-key']) {
      throw new Error(`${String(route.method)} ${route.url}: an idempotent route declares the idempotency-key header (IdempotencyHeaders)`);
    }
    // New arrays: Fastify copies these options for the HEAD twin of a GET route.
    route.preHandler = [...asArray(route.preHandler), claimHook(options.messages ?? CHANGE_MESSAGES)];
    // First, so compression (added to each route by @fastify/compress) sees the answer after it is kept.
    route.onSend = [answerHook(options.refusals ?? 'replay'), ...asArray(route.onSend)];
  });
}

export default fp(idempotency, { name: 'idempotency', dependencies: ['repositories'] });
