import { Type, type Static, type TSchema } from 'typebox';

/** EGP with at most two decimals (the server keeps piastres). */
export const Money = Type.Number({ description: 'EGP, at most 2 decimals' });
export const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });
export const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD, Cairo calendar day' });
export const Timestamp = Type.String({ description: 'ISO 8601' });

export const IdParams = Type.Object({ id: Id }, { additionalProperties: false });

/** `{ status, message, data }`: every successful answer. */
export function Envelope<T extends TSchema>(data: T, extra: Record<string, TSchema> = {}) {
  return Type.Object({
    status: Type.Integer(),
    message: Type.String(),
    data,
    ...extra,
  });
}

/** Every failed answer: 4xx and 5xx. `errors` on 422 only. */
export const ErrorBody = Type.Object({
  status: Type.Integer(),
  message: Type.String(),
  errors: Type.Optional(Type.Record(Type.String(), Type.Array(Type.String()))),
});

/** The error answers every route may give. */
export const ERROR_RESPONSES = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  413: ErrorBody,
  415: ErrorBody,
  422: ErrorBody,
  429: ErrorBody,
  500: ErrorBody,
  503: ErrorBody,
} as const;

export const MessageOnly = Envelope(Type.Null());

/**
 * Optional on checkout and on every cart and wishlist change: the same key
 * sent again (by the same shopper, to the same route with the same body)
 * answers what the first request was answered, without changing anything.
 */
export const IdempotencyHeaders = Type.Object({
  'idempotency-key': Type.Optional(Type.String({
    minLength: 8, maxLength: 128, pattern: '^[A-Za-z0-9_\\-:.]+$',
    description: 'a fresh random key per change (e.g. a UUID), reused by every retry of that change; a replayed answer carries Idempotent-Replayed: true',
  })),
});

/** The schema keyword that marks a string as free text: the server cleans it (contract/text.ts) before checking it. */
export const FREE_TEXT = 'x-free-text';

/**
 * A bounded free-text field: schemas refuse huge values before any rule runs,
 * and the server cleans the text first (controls, direction overrides and
 * zero-width characters out, NFC, trimmed), so `minLength` counts what is left.
 */
export function Text(maxLength: number, options: TextOptions = {}) {
  const { message, emptyMessage, ...rest } = options;
  return Type.String({
    maxLength, ...rest, [FREE_TEXT]: true,
    ...(message ? { [FIELD_MESSAGE]: message } : {}),
    ...(emptyMessage ? { [EMPTY_MESSAGE]: emptyMessage } : {}),
  });
}

export interface TextOptions {
  minLength?: number;
  pattern?: string;
  description?: string;
  /** the server's message key when the value breaks the pattern, enum or bounds (else a generic one) */
  message?: string;
  /** the server's message key when the value is missing or empty (else "Required") */
  emptyMessage?: string;
}

/** Schema keywords naming the message a refusal of this field gives (server/plugins/app/error-handler.ts). */
export const FIELD_MESSAGE = 'x-message';
export const EMPTY_MESSAGE = 'x-message-empty';

/** A secret (a password, a token): taken exactly as sent, never cleaned or trimmed. */
export function Secret(maxLength: number, options: { minLength?: number; description?: string; message?: string } = {}) {
  const { message, ...rest } = options;
  return Type.String({ maxLength, ...rest, ...(message ? { [FIELD_MESSAGE]: message } : {}) });
}

/**
 * `T | null` as a JSON-schema type list rather than anyOf: Ajv's type
 * coercion then leaves a value alone when any listed type fits (with anyOf it
 * turns null into "" or 0 into null, depending on the branch order).
 */
export function Nullable<T extends TSchema>(schema: T) {
  const { type, ...rest } = schema as unknown as { type: string | string[] };
  const types = Array.isArray(type) ? type : [type];
  return Type.Unsafe<Static<T> | null>({ ...rest, type: ['null', ...types] });
}

/** One of a few strings, as a JSON-schema enum: one clear error listing them all. */
export function Enum<const T extends readonly string[]>(values: T, options: { description?: string; freeText?: boolean; message?: string } = {}) {
  const { freeText, message, ...rest } = options;
  return Type.Unsafe<T[number]>({
    type: 'string', enum: [...values], ...rest,
    ...(freeText ? { [FREE_TEXT]: true } : {}),
    ...(message ? { [FIELD_MESSAGE]: message } : {}),
  });
}
