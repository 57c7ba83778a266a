import type { MessageKey, MessageParams } from './i18n/messages.ts';

export interface FieldError {
  key: MessageKey;
  params?: MessageParams;
}

/** A failure the shopper should read: the handler turns it into a localized answer. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly key: MessageKey,
    readonly params?: MessageParams,
    readonly fields?: Record<string, FieldError[]>,
    readonly headers?: Record<string, string>,
  ) {
    super(key);
    this.name = 'AppError';
  }
}

export const notFound = (key: MessageKey = 'not_found', params?: MessageParams) => new AppError(404, key, params);
export const unauthenticated = () => new AppError(401, 'unauthenticated');
/** A business rule refused the request (422), with one message that names it. */
export const refused = (key: MessageKey, params?: MessageParams) => new AppError(422, key, params);

/** Collects per-field problems and throws one 422 when there are any. */
export class FieldErrors {
  readonly #fields: Record<string, FieldError[]> = {};
  add(field: string, key: MessageKey | null | undefined, params?: MessageParams): this {
    if (key) (this.#fields[field] ??= []).push({ key, params });
    return this;
  }
  get empty(): boolean {
    return Object.keys(this.#fields).length === 0;
  }
  throwIfAny(): void {
    if (!this.empty) throw new AppError(422, 'validation_failed', undefined, this.#fields);
  }
}
