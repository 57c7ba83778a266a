import { Ajv, type ValidateFunction } from 'ajv';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifySchemaCompiler, type FastifyServerOptions } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { loadConfig, type AppConfig } from './settings.ts';
import { redactingSerializers, redactSecrets } from './log-redact.ts';
import dbPlugin from './plugins/external/db.ts';
import securityHeaders, { securityHeadersFor } from './plugins/external/security-headers.ts';
import connectionsPlugin, { clientErrorHandler, connectionOptions } from './plugins/external/connections.ts';
import compressPlugin from './plugins/external/compress.ts';
import rateLimitPlugin from './plugins/external/rate-limit.ts';
import swaggerPlugin from './plugins/external/swagger.ts';
import staticPlugin from './plugins/external/static.ts';
import sitemapPlugin from './plugins/external/sitemap.ts';
import langPlugin from './plugins/app/lang.ts';
import errorHandler, { sendError } from './plugins/app/error-handler.ts';
import { parseLang } from './i18n/messages.ts';
import { cleanText } from './contract/text.ts';
import { EMPTY_MESSAGE, FIELD_MESSAGE, FREE_TEXT } from './contract/common.ts';
import authPlugin from './plugins/app/auth/auth.ts';
import repositories from './plugins/app/repositories.ts';
import mailPlugin from './plugins/app/mail.ts';
import services from './plugins/app/services.ts';
import idempotency from './plugins/app/idempotency/idempotency.ts';
import apiRoutes from './routes/api/index.ts';
import './types.ts';

/** How long one plugin may take to load before the start fails. */
export const PLUGIN_TIMEOUT_MS = 120_000;

export interface BuildOptions {
  config?: Partial<AppConfig>;
  /** Fastify's logger option; defaults to the configured level */
  logger?: FastifyServerOptions['logger'];
  /** where the configured logger writes, with its level and redaction (tests read it); stdout by default */
  logStream?: { write(line: string): void };
}

export async function buildApp(options: BuildOptions = {}): Promise<FastifyInstance> {
  const base = loadConfig();
  const config: AppConfig = {
    ...base,
    ...options.config,
    settings: { ...base.settings, ...options.config?.settings },
  };
  let frameworkErrorHeaders: Record<string, string> | undefined;
  const app = Fastify({
    logger: options.logger ?? {
      level: config.logLevel,
      formatters: { log: redactSecrets },
      serializers: redactingSerializers,
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    bodyLimit: config.bodyLimit,
    // Loading the storefront's server render (a large module and a DOM) took over Fastify's
    // default 10 s on a busy machine, and the shop then refused to start: a slow start is
    // still a start. A plugin that truly hangs fails after PLUGIN_TIMEOUT_MS.
    pluginTimeout: PLUGIN_TIMEOUT_MS,
    trustProxy: typeof config.trustProxy === 'number'
      ? ((hops: number) => (_address: string, hop: number) => hop < hops)(config.trustProxy)
      : config.trustProxy,
    // A line per request costs a fifth of the throughput; debug and trace keep them.
    logController: new LogController({ disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace' }),
    // A URL Fastify cannot read (bad percent-encoding) is refused before any hook runs: answered
    // here in the API's envelope and language, with the same security headers as every answer.
    frameworkErrors: (_error, request, reply) => {
      reply.headers(frameworkErrorHeaders ??= securityHeadersFor(config.distDir));
      void sendError(reply, parseLang(request.headers.lang), 400, 'bad_request');
    },
    // How long a request may take to arrive, and how long a connection may stay open.
    ...connectionOptions(config),
    // A request Node refuses before Fastify sees it (unreadable, headers too large, too slow)
    // is answered in the same envelope, with the same security headers.
    clientErrorHandler: clientErrorHandler(() => (frameworkErrorHeaders ??= securityHeadersFor(config.distDir)), (): FastifyBaseLogger => app.log),
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.decorate('config', config);

  // Query strings, path params and headers arrive as text and are coerced to
  // the schema's types; JSON bodies already carry types, so they are not
  // (coercion made `true` a product id and `[3]` a quantity).
  // A body field the contract does not name is refused, named (a misspelt `shipping` must not
  // fall back to a default); an unknown query parameter (a tracker's utm_source) is dropped.
  // docs/decisions.md, "Unknown body fields are refused".
  const ajvOptions = { allErrors: true, useDefaults: true, allowUnionTypes: true, verbose: true } as const;
  const coercing = withFreeText(new Ajv({ ...ajvOptions, removeAdditional: true, coerceTypes: 'array' }));
  const strict = withFreeText(new Ajv({ ...ajvOptions, removeAdditional: false, coerceTypes: false }));
  app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === 'body' ? strict.compile(schema) : finiteOnly(coercing.compile(schema))));

  // An empty body on a JSON POST (e.g. POST /fav/add/{id}) is no body, not an error.
  // JSON only: any other body type answers 415 instead of failing validation.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = (body as string).trim();
    if (text === '') return done(null, undefined);
    try {
      // __proto__ keys are dropped: no body may reach an object's prototype.
      done(null, JSON.parse(text, (key, value) => (key === '__proto__' ? undefined : value)));
    } catch {
      const error = Object.assign(new Error('Malformed JSON body'), { statusCode: 400 });
      done(error, undefined);
    }
  });

  await app.register(connectionsPlugin);
  await app.register(langPlugin);
  await app.register(errorHandler);
  await app.register(dbPlugin);
  await app.register(authPlugin);
  await app.register(repositories);
  await app.register(mailPlugin);
  await app.register(services);
  await app.register(idempotency);
  await app.register(securityHeaders);
  await app.register(compressPlugin);
  await app.register(rateLimitPlugin);
  await app.register(swaggerPlugin);
  await app.register(apiRoutes, { prefix: '/api' });
  await app.register(sitemapPlugin);
  await app.register(staticPlugin);
  return app;
}

type Validator = ReturnType<FastifySchemaCompiler<unknown>>;

/**
 * `x-free-text: true` on a string schema (the contract's `Text`): the value is
 * cleaned (cleanText) in place before its length, pattern or any rule is
 * checked, so what is validated is what is stored. docs/rules.md, "Free text".
 */
function withFreeText(ajv: Ajv): Ajv {
  ajv.addKeyword({
    keyword: FREE_TEXT,
    schemaType: 'boolean',
    modifying: true,
    // Before `enum` (which Ajv checks ahead of any string keyword), so " Cairo " is Cairo.
    before: 'enum',
    errors: false,
    validate: (on: boolean, data: unknown, _schema?: unknown, where?: { parentData: Record<string | number, unknown>; parentDataProperty: string | number }) => {
      if (on && typeof data === 'string' && where?.parentData) where.parentData[where.parentDataProperty] = cleanText(data);
      return true;
    },
  });
  // Annotations the error handler reads (with `verbose`, each error carries its schema).
  ajv.addKeyword({ keyword: FIELD_MESSAGE, schemaType: 'string' });
  ajv.addKeyword({ keyword: EMPTY_MESSAGE, schemaType: 'string' });
  return ajv;
}

/**
 * Ajv coerces the texts "Infinity", "-Infinity" and "1e400" to numbers that
 * pass `integer` and `number`, then skips their minimum and maximum (it
 * checks bounds on finite numbers only): `?page=Infinity` reached the SQL.
 * A coerced value that is not a finite number is refused like a wrong type.
 */
function finiteOnly(validate: ValidateFunction): Validator {
  const check: Validator = (data: unknown) => {
    const valid = validate(data);
    check.errors = validate.errors as Validator['errors'];
    if (!valid) return false;
    const path = nonFinitePath(data, '');
    if (path === null) return true;
    check.errors = [{ instancePath: path, schemaPath: '#', keyword: 'type', params: { type: 'number' }, message: 'must be a finite number' }];
    return false;
  };
  return check;
}

function nonFinitePath(value: unknown, path: string): string | null {
  if (typeof value === 'number') return Number.isFinite(value) ? null : path;
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const found = nonFinitePath(item, `${path}/${key}`);
      if (found !== null) return found;
    }
  }
  return null;
}
