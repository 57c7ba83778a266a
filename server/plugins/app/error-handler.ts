import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, type FieldError } from '../../errors.ts';
import { isBusyError, isFullError } from '../../db/database.ts';
import { MESSAGES, t, type Lang, type MessageKey, type MessageParams } from '../../i18n/messages.ts';
import { EMPTY_MESSAGE, FIELD_MESSAGE } from '../../contract/common.ts';

interface AjvError {
  instancePath?: string;
  keyword: string;
  params?: Record<string, unknown>;
  /** with Ajv's `verbose`: the schema holding the failed keyword, and the value */
  parentSchema?: Record<string, unknown>;
  data?: unknown;
}

/**
 * Turns Ajv's errors into `{ field: [localized message] }`: the field's own
 * message where its schema names one (`x-message`, `x-message-empty`), and
 * only "required" for a field that is missing or empty.
 */
function fieldsFromValidation(errors: AjvError[], lang: Lang): Record<string, string[]> {
  const found = new Map<string, { empty: boolean; errors: FieldError[] }>();
  for (const e of errors) {
    // `if`/`then` reports the failed `then` keyword itself as well: that one names the field.
    if (e.keyword === 'if') continue;
    const base = (e.instancePath ?? '').split('/').filter(Boolean).join('.');
    const missing = typeof e.params?.missingProperty === 'string' ? e.params.missingProperty
      : typeof e.params?.additionalProperty === 'string' ? e.params.additionalProperty : null;
    const field = missing !== null ? (base ? `${base}.${missing}` : missing) : base || '_';
    const entry = found.get(field) ?? { empty: false, errors: [] };
    found.set(field, entry);
    const fe = ajvMessage(e);
    if (fe.empty && !entry.empty) {
      entry.empty = true;
      entry.errors = [];
    }
    if (fe.empty || !entry.empty) entry.errors.push(fe);
  }
  const fields: Record<string, string[]> = {};
  for (const [field, entry] of found) {
    const texts = [...new Set(entry.errors.map((fe) => t(lang, fe.key, fe.params)))];
    fields[field] = texts;
  }
  return fields;
}

type Message = FieldError & { empty?: boolean };

function schemaMessage(schema: Record<string, unknown> | undefined, keyword: string): MessageKey | null {
  const key = schema?.[keyword];
  return typeof key === 'string' && key in MESSAGES ? (key as MessageKey) : null;
}

function ajvMessage(e: AjvError): Message {
  const limit = e.params?.limit as number | undefined;
  const own = schemaMessage(e.parentSchema, FIELD_MESSAGE);
  switch (e.keyword) {
    case 'required': {
      const property = (e.parentSchema?.properties as Record<string, Record<string, unknown>> | undefined)?.[String(e.params?.missingProperty)];
      return { key: schemaMessage(property, EMPTY_MESSAGE) ?? 'field_required', empty: true };
    }
    case 'additionalProperties': return { key: 'field_unknown' };
    case 'type': return { key: 'field_type' };
    case 'minLength':
      if (limit === 1 || e.data === '') return { key: schemaMessage(e.parentSchema, EMPTY_MESSAGE) ?? 'field_required', empty: true };
      return own ? { key: own } : { key: 'field_too_short', params: { characters: limit ?? 0 } };
    case 'maxLength': return { key: 'field_too_long', params: { characters: limit ?? 0 } };
    case 'pattern': case 'multipleOf': return { key: own ?? 'field_invalid' };
    case 'minimum': case 'exclusiveMinimum': return own ? { key: own } : { key: 'field_min', params: { limit: limit ?? 0 } };
    case 'maximum': case 'exclusiveMaximum': return own ? { key: own } : { key: 'field_max', params: { limit: limit ?? 0 } };
    case 'maxItems': return { key: 'field_too_many', params: { items: limit ?? 0 } };
    case 'const': case 'enum': {
      if (own) return { key: own };
      const allowed = (e.params?.allowedValues as unknown[] | undefined) ?? (e.params?.allowedValue !== undefined ? [e.params.allowedValue] : []);
      return allowed.length ? { key: 'field_one_of', params: { values: allowed.join(', ') } } : { key: 'field_invalid' };
    }
    default: return { key: own ?? 'field_invalid' };
  }
}

export function sendError(
  reply: FastifyReply,
  lang: Lang,
  status: number,
  key: MessageKey,
  params?: MessageParams,
  errors?: Record<string, string[]>,
) {
  const body: { status: number; message: string; errors?: Record<string, string[]> } = {
    status,
    message: t(lang, key, params),
  };
  if (errors) body.errors = errors;
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

/**
 * The one error handler. 4xx answers say what the shopper can fix, in their
 * language; 5xx answers say nothing of the cause, which goes to the log.
 */
async function errorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) => {
    const lang = request.lang ?? 'en';

    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      const fields = error.fields
        ? Object.fromEntries(Object.entries(error.fields).map(([f, list]) => [f, list.map((fe) => t(lang, fe.key, fe.params))]))
        : undefined;
      // Refusals, for the security log (401s are logged where they are decided, in auth).
      // Only on this error path, so a granted request pays nothing. request.log carries reqId.
      const status = error.statusCode;
      if (status === 403 || (status === 404 && request.user)) {
        request.log.info({
          event: 'access_refused', status, method: request.method, route: request.routeOptions.url, params: request.params,
          userId: request.user?.id, ip: request.ip,
        }, 'access refused');
      } else if (status === 429) {
        request.log.warn({ event: 'rate_limited', status, method: request.method, route: request.routeOptions.url, ip: request.ip }, 'rate limited');
      }
      return sendError(reply, lang, error.statusCode, error.key, error.params, fields);
    }

    const fe = error as FastifyError;
    if (fe.validation) {
      return sendError(reply, lang, 422, 'validation_failed', undefined, fieldsFromValidation(fe.validation as AjvError[], lang));
    }
    if (isBusyError(error) || isFullError(error)) {
      request.log.warn({ reqId: request.id, code: (error as { code?: string }).code }, 'database unavailable');
      reply.header('Retry-After', '2');
      return sendError(reply, lang, 503, 'unavailable');
    }
    const status = fe.statusCode ?? 500;
    if (status === 413) return sendError(reply, lang, 413, 'body_too_large');
    if (status === 415) return sendError(reply, lang, 415, 'unsupported_media');
    if (status === 429) return sendError(reply, lang, 429, 'rate_limited', { minutes: 1 });
    if (status === 404) return sendError(reply, lang, 404, 'not_found');
    if (status >= 400 && status < 500) return sendError(reply, lang, 400, 'bad_request');

    request.log.error({ err: error, reqId: request.id }, 'unhandled error');
    return sendError(reply, lang, 500, 'server_error');
  });
}

export default fp(errorHandler, { name: 'error-handler' });
