/**
 * The net under every log line: whatever a line carries (a request's
 * headers, a body, an answer), the value of a key that names a secret
 * (bearer tokens, cookies, passwords, issued tokens) is written as
 * "[redacted]", at any depth. The log lines of auth failures and refusals
 * name none of them; this is for the line that one day does.
 *
 * It runs as pino's log formatter, so only on lines actually written, and
 * as serializers of the keys a child logger's bindings might carry (pino
 * gives those no formatter). pino's
 * own `redact` paths ran on every request's child logger instead: 1.8 µs a
 * request with the paths needed here, 4% of a product-details answer, and
 * still blind below the depth its wildcards spelled out.
 */
const SECRET_KEYS = new Set([
  'authorization', 'cookie', 'set-cookie', 'password', 'current_password', 'password_confirmation', 'token',
]);

export const REDACTED = '[redacted]';

/** Deep enough for a request's headers or a body; deeper values are dropped, not walked. */
const MAX_DEPTH = 8;

function isPlain(value: object): boolean {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * A copy of `value` with every secret replaced. Only plain objects and arrays
 * are walked: a Fastify request or an Error goes to its serializer, which
 * writes none of its headers or bodies.
 */
export function redactSecrets<T>(value: T, depth = 0): T {
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return REDACTED as T;
  if (Array.isArray(value)) return value.map((item) => redactSecrets(item, depth + 1)) as T;
  if (!isPlain(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] = SECRET_KEYS.has(key.toLowerCase()) ? REDACTED : redactSecrets(item, depth + 1);
  }
  return out as T;
}

/** Keys whose values are walked (or, for a secret's own name, replaced) in a child logger's bindings. */
const CONTAINER_KEYS = ['headers', 'body', 'data', 'query', 'params', 'user'];

/** pino serializers: a child logger's bindings get the same net as every line. */
export const redactingSerializers: Record<string, (value: unknown) => unknown> = Object.fromEntries([
  ...[...SECRET_KEYS].map((key) => [key, () => REDACTED]),
  ...CONTAINER_KEYS.map((key) => [key, (value: unknown) => redactSecrets(value, 1)]),
]);
