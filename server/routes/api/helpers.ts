import type { TSchema } from 'typebox';
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
