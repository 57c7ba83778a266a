import type { TSchema } from 'typebox';
import { MESSAGES, type MessageKey } from '../../i18n/messages.ts';
import { ERROR_RESPONSES, Envelope, IdempotencyHeaders } from '../../contract/common.ts';

/** `{ status: 200, message, data }`: the envelope of every success. */
export function ok<T>(message: string, data: T, statusCode = 200) {
  return { status: statusCode, message, data };
}

/** A route's answers: the success envelope and the documented errors. */
export function responses(data: TSchema, options: { status?: number; extra?: Record<string, TSchema> } = {}) {
  return { [options.status ?? 200]: Envelope(data, options.extra), ...ERROR_RESPONSES };
}

export const bearer = [{ bearer: [] }];

/**
 * A change the storefront may send again (a retry, its offline queue): an
 * optional Idempotency-Key makes a second sending replay the first answer
 * instead of changing anything twice. Spread into the route's options, and
 * `idempotentHeaders` into its schema (see plugins/app/idempotency).
 */
export const idempotent = { config: { idempotency: {} } };
export const idempotentHeaders = { headers: IdempotencyHeaders };

/**
 * A refusal a route may answer besides its schema's own (422 with the fields
 * named): a status and a message key, with the field it is reported under
 * when it is a field's. Published in the route's description, word for word
 * in English, so a client knows every "no" it can get and why; the contract
 * test (tests/server/contract.test.ts) fails on a refusal not listed.
 */
export type Refusal = readonly [status: 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429, key: MessageKey, field?: string];

/** The route's description: what it does, then the refusals it may answer, one per line. */
export function describe(summary: string, refusals: readonly Refusal[] = []): string {
  if (!refusals.length) return summary;
  const lines = refusals.map(([status, key, field]) => `- ${status}${field ? ` ${field}` : ''}: "${MESSAGES[key].en}"`);
  return `${summary}\n\n${REFUSALS_HEADING}\n${lines.join('\n')}`;
}

export const REFUSALS_HEADING = 'Refusals besides the schema\'s (422, each field named):';
