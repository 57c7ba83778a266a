// The contract read as an outside client reads it: requests built only from
// what openapi.json publishes (each route's schemas, the `x-free-text`
// cleaning, the refusals its description lists), sent to the real server.
//
// - A request the schemas allow must be accepted, or refused for a reason the
//   route's description (or the document's, for every route) names, with the
//   message it names, under the field it names.
// - The same request with one field bent out of its schema (a wrong type, past
//   a bound, off a pattern or an enum, missing, or a field the schema does not
//   name) must be refused 422 in the error envelope, that field named.
//
// So the server and its contract cannot drift apart unseen. Used by the
// small run in `npm test` (tests/server/contract.test.ts) and the full one in
// `npm run fuzz` (cli.ts).
import fc from 'fast-check';
import { cleanText } from '../../../server/contract/text.ts';
import { REFUSALS_HEADING } from '../../../server/routes/api/helpers.ts';
import { idArbitrary, idKind, pick, type JsonSchema, type Plan, type RouteSpec } from './requests.ts';
import { learn, refresh, send, type Sent, type World } from './harness.ts';

// ------------------------------------------------------------------ what the description allows

export interface Refusal {
  status: number;
  field: string | null;
  message: RegExp;
  text: string;
}

/** The refusals a description lists, one `- 422 field: "message"` line each; `{name}` in a message matches any text. */
export function refusalsOf(description: string | undefined): Refusal[] {
  const text = description ?? '';
  const at = text.indexOf(REFUSALS_HEADING);
  if (at < 0) return [];
  const out: Refusal[] = [];
  for (const line of text.slice(at + REFUSALS_HEADING.length).split('\n')) {
    const m = /^- (\d{3})(?: (\S+))?: "(.*)"$/.exec(line.trim());
    if (!m) continue;
    const pattern = m[3].split(/\{\w+\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.+');
    out.push({ status: Number(m[1]), field: m[2] ?? null, message: new RegExp(`^${pattern}$`, 's'), text: m[3] });
  }
  return out;
}

// ------------------------------------------------------------------ values the schema allows

const codePoints = (s: string) => [...s].length;

/** Whether a string is what the schema allows, after the cleaning `x-free-text` announces. */
export function fits(schema: JsonSchema, value: string): boolean {
  const v = schema['x-free-text'] ? cleanText(value) : value;
  if (schema.minLength !== undefined && codePoints(v) < schema.minLength) return false;
  if (schema.maxLength !== undefined && codePoints(v) > schema.maxLength) return false;
  if (schema.pattern && !new RegExp(schema.pattern, 'u').test(v)) return false;
  if (schema.enum && !schema.enum.includes(v)) return false;
  return true;
}

/** Values that are known to fit and that reach the rules: the world's real emails, passwords, days, codes. */
function seededString(field: string, route: string): fc.Arbitrary<unknown> | null {
  switch (field) {
    case 'login': return fc.oneof(pick('email'), pick('phone'));
    case 'email': return pick('email');
    case 'phone': return pick('phone');
    case 'password': case 'current_password': return pick('password');
    case 'date': return pick('deliveryDay');
    case 'birth_date': return fc.date({ min: new Date('1930-01-01'), max: new Date('2010-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
    case 'name': return route.includes('/coupons/') ? pick('coupon') : null;
    case 'idempotency-key': return fc.uuid();
    default: return null;
  }
}

/**
 * How many repeats a pattern's `*`, `+` and `{n,}` take. Up to ten each ('small') where the field is
 * long; at most one more than their minimum ('xsmall') where it is short: a phone's pattern allows
 * separators between each of its eleven digits, and at up to ten each, one string in some hundred
 * thousand fit its 24 characters, the rest thrown away by `fits` (half a minute of the walk for
 * twelve phones). The short field's strings still take every branch and class of the pattern.
 */
const patternSize = (schema: JsonSchema) => ((schema.maxLength ?? Infinity) <= 40 ? 'xsmall' : 'small');

function stringFor(schema: JsonSchema, field: string, route: string): fc.Arbitrary<unknown> {
  const max = Math.min(schema.maxLength ?? 40, 40);
  const generic = schema.pattern
    ? fc.stringMatching(new RegExp(schema.pattern, 'u'), { size: patternSize(schema) })
    : fc.string({ unit: 'grapheme', minLength: schema.minLength ?? 0, maxLength: Math.max(max, schema.minLength ?? 0) });
  const own = generic.filter((v) => fits(schema, v));
  const seeded = seededString(field, route);
  return seeded ? fc.oneof({ weight: 3, arbitrary: seeded }, { weight: 1, arbitrary: own }) : own;
}

export function conforming(schema: JsonSchema, field: string, route: string): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((s) => conforming(s, field, route)));
  if (Array.isArray(schema.type)) return fc.oneof(...schema.type.map((type) => conforming({ ...schema, type }, field, route)));
  switch (schema.type) {
    case 'null': return fc.constant(null);
    case 'boolean': return fc.boolean();
    case 'integer': case 'number': {
      if (schema.minimum === 1 && schema.maximum === 2147483647) return idArbitrary(idKind(field, route));
      const min = Math.max(schema.minimum ?? -1e6, -1e9);
      const max = Math.min(schema.maximum ?? 1e6, 1e9);
      const step = schema.multipleOf ?? (schema.type === 'integer' ? 1 : 0);
      if (step) return fc.integer({ min: Math.ceil(min / step), max: Math.floor(max / step) }).map((k) => k * step);
      return fc.oneof(fc.integer({ min: Math.ceil(min), max: Math.floor(max) }), fc.double({ min, max, noNaN: true, noDefaultInfinity: true }));
    }
    case 'string': return stringFor(schema, field, route);
    case 'array': return fc.array(conforming(schema.items ?? {}, field, route), { maxLength: Math.min(schema.maxItems ?? 4, 4) });
    case 'object': return objectFor(schema, route);
    default: return fc.constant(null);
  }
}

/** Whether an object meets an `if` of required fields and constant values (a `const`, or the one-value `enum` OpenAPI writes for it). */
function meets(condition: JsonSchema, value: Record<string, unknown>): boolean {
  if (condition.required?.some((k) => !(k in value))) return false;
  return Object.entries(condition.properties ?? {}).every(([k, s]) =>
    (s.const === undefined || value[k] === s.const) && (s.enum === undefined || s.enum.includes(value[k])));
}

function objectFor(schema: JsonSchema, route: string): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const entries = Object.entries(properties).map(([key, s]) =>
    (required.has(key) ? conforming(s, key, route).map((v) => [key, v] as const)
      : fc.option(conforming(s, key, route).map((v) => [key, v] as const), { freq: 2 })));
  // What `then` asks when the `if` holds: its fields, each by the property's schema narrowed by then's.
  const then = schema.then;
  const thenEntries = then ? Object.entries(then.properties ?? {}).map(([key, s]) => conforming({ ...properties[key], ...s }, key, route).map((v) => [key, v] as const)) : [];
  return fc.tuple(fc.tuple(...entries), fc.tuple(...thenEntries)).map(([pairs, extra]) => {
    const out: Record<string, unknown> = {};
    for (const pair of pairs) if (pair) out[pair[0]] = pair[1];
    if ('password' in out && 'password_confirmation' in properties) out.password_confirmation = out.password;
    if (schema.if && then && meets(schema.if, out)) for (const [key, value] of extra) out[key] = value;
    return out;
  });
}

/** A request the contract allows: the route's own method, the shopper's token where it asks for one (the owner's on /admin), answers in English. */
export function conformingPlan(route: RouteSpec): fc.Arbitrary<Plan> {
  const pathParams = fc.record(Object.fromEntries(Object.entries(route.pathParams).map(([name, s]) => [name, conforming(s, name, route.name)])));
  const query = fc.tuple(...Object.entries(route.query).map(([name, s]) => fc.option(conforming(s, name, route.name).map((v) => [name, v] as [string, unknown]), { freq: 2 })))
    .map((list) => list.filter((e): e is [string, unknown] => e !== null));
  const declared = fc.tuple(...Object.entries(route.headers).map(([name, s]) => fc.option(conforming(s, name, route.name).map((v) => [name, v] as [string, unknown]), { freq: 2 })))
    .map((list) => Object.fromEntries([['lang', 'en'], ...list.filter((e): e is [string, unknown] => e !== null)]));
  const body = route.body ? conforming(route.body, '', route.name).map((value): Plan['body'] => ({ kind: 'json', value })) : fc.constant<Plan['body']>({ kind: 'none' });
  return fc.record({
    method: fc.constant(route.method),
    pathParams,
    query,
    rawQuery: fc.constant(null),
    headers: declared,
    body,
    // The back office's routes as its owner (a shopper's token stops at the role check, before any field is read).
    auth: fc.constant<Plan['auth']>({ mode: !route.auth ? 'none' : route.path.startsWith('/api/admin/') ? 'owner' : 'me' }),
    ip: fc.ipV4(),
  });
}

// ------------------------------------------------------------------ judging

const VALIDATION_MESSAGE = 'Please check the highlighted fields.';

function parse(sent: Sent): { status?: number; message?: string; errors?: Record<string, string[]> } | null {
  try {
    return JSON.parse(sent.res!.body);
  } catch {
    return null;
  }
}

/** Why an answer to a request the contract allows breaks the contract, or null. */
export function conformanceProblem(sent: Sent, allowed: Refusal[]): string | null {
  if (!sent.res) return `the request failed: ${String(sent.thrown)}`;
  const status = sent.res.statusCode;
  if (status < 300) return null;
  if (status >= 500) return `answered ${status}`;
  const body = parse(sent);
  if (!body || body.status !== status || typeof body.message !== 'string') return `answered ${status} outside the error envelope: ${sent.res.body.slice(0, 200)}`;
  if (body.errors) {
    const undeclared = Object.entries(body.errors).flatMap(([field, messages]) =>
      messages.filter((m) => !allowed.some((r) => r.status === status && r.field === field && r.message.test(m))).map((m) => `${field}: "${m}"`));
    if (body.message !== VALIDATION_MESSAGE && !allowed.some((r) => r.status === status && r.field === null && r.message.test(body.message!))) undeclared.push(`"${body.message}"`);
    return undeclared.length ? `refused ${status} for what the contract does not say: ${undeclared.join('; ')}` : null;
  }
  return allowed.some((r) => r.status === status && r.field === null && r.message.test(body.message!))
    ? null : `refused ${status} with a message the contract does not list: "${body.message}"`;
}

// ------------------------------------------------------------------ bending one field

export interface Bend {
  where: 'body' | 'query' | 'path';
  field: string;
  how: string;
  value: unknown;
  /** the field left out instead of bent */
  drop?: boolean;
}

const MISSING = Symbol('missing');

/** Values that break this schema however the server cleans them, each with what it breaks. */
export function outOfSchema(schema: JsonSchema, where: Bend['where']): [how: string, value: unknown][] {
  const types = ([] as (string | undefined)[]).concat(schema.type);
  const out: [string, unknown][] = [];
  const inUrl = where !== 'body';
  if (!inUrl && !types.includes('object')) out.push(['an object for a ' + types.join('|'), { x: 1 }]);
  if (schema.enum) out.push(['a value outside the enum', 'not-one-of-them']);
  if (types.includes('string') && !schema.enum) {
    if (schema.maxLength !== undefined) out.push([`${schema.maxLength + 1} characters`, 'x'.repeat(schema.maxLength + 1)]);
    if ((schema.minLength ?? 0) >= 1 && !types.includes('null')) out.push(['empty', '']);
    if (schema.pattern) {
      const candidate = ['!!!', '@@@ ###', '1', 'x'].find((v) => !fits({ ...schema, minLength: undefined, maxLength: undefined }, v));
      if (candidate !== undefined) out.push([`off the pattern`, candidate]);
    }
  }
  if ((types.includes('integer') || types.includes('number')) && !types.includes('string')) {
    if (inUrl) out.push(['text for a number', 'abc']);
    if (schema.minimum !== undefined) out.push([`below ${schema.minimum}`, schema.minimum - (schema.multipleOf ?? 1)]);
    if (schema.maximum !== undefined && schema.maximum < 1e15) out.push([`above ${schema.maximum}`, schema.maximum + (schema.multipleOf ?? 1)]);
    if (schema.multipleOf) out.push([`off multiples of ${schema.multipleOf}`, (schema.minimum ?? 0) + schema.multipleOf / 2 + (schema.minimum === undefined ? 0 : schema.multipleOf)]);
    if (types.includes('integer') && !types.includes('number')) out.push(['a fraction for an integer', inUrl ? '1.5' : 1.5]);
  }
  return out;
}

/** Every way to take one field of the route out of its schema. */
export function bendsOf(route: RouteSpec): Bend[] {
  const bends: Bend[] = [];
  for (const [field, schema] of Object.entries(route.pathParams)) {
    for (const [how, value] of outOfSchema(schema, 'path')) bends.push({ where: 'path', field, how, value });
  }
  for (const [field, schema] of Object.entries(route.query)) {
    for (const [how, value] of outOfSchema(schema, 'query')) bends.push({ where: 'query', field, how, value });
  }
  if (route.body) {
    const required = new Set(route.body.required ?? []);
    for (const [field, schema] of Object.entries(route.body.properties ?? {})) {
      for (const [how, value] of outOfSchema(schema, 'body')) bends.push({ where: 'body', field, how, value });
      if (required.has(field)) bends.push({ where: 'body', field, how: 'missing', value: MISSING, drop: true });
    }
    bends.push({ where: 'body', field: 'unexpected_field', how: 'a field the schema does not name', value: 1 });
  }
  return bends;
}

function bent(plan: Plan, bend: Bend): Plan {
  if (bend.where === 'path') return { ...plan, pathParams: { ...plan.pathParams, [bend.field]: bend.value } };
  if (bend.where === 'query') return { ...plan, query: [...plan.query.filter(([k]) => k !== bend.field), [bend.field, bend.value]] };
  const value = { ...(plan.body.kind === 'json' ? (plan.body.value as Record<string, unknown>) : {}) };
  if (bend.drop) delete value[bend.field];
  else value[bend.field] = bend.value;
  return { ...plan, body: { kind: 'json', value } };
}

/** Why the answer to a bent request breaks the contract, or null: it must be a 422 naming the field. */
export function bendProblem(sent: Sent, bend: Bend): string | null {
  if (!sent.res) return `the request failed: ${String(sent.thrown)}`;
  const body = parse(sent);
  if (sent.res.statusCode !== 422 || !body || body.status !== 422) return `answered ${sent.res.statusCode}, not 422: ${sent.res.body.slice(0, 200)}`;
  if (!body.errors || !(bend.field in body.errors)) return `refused without naming ${bend.field}: ${sent.res.body.slice(0, 200)}`;
  return null;
}

// ------------------------------------------------------------------ running a route

export interface ContractTally {
  route: string;
  tried: number;
  accepted: number;
  refused: number;
  bent: number;
  problems: string[];
}

/** Routes the contract walk leaves out: the document itself, and paths no route has. */
export const NOT_CONTRACT = new Set(['GET /api/openapi.json', 'ANY /api/{unknown}']);

export async function walkRoute(world: World, route: RouteSpec, commonRefusals: Refusal[], options: { runs: number; seed: number }): Promise<ContractTally> {
  const tally: ContractTally = { route: route.name, tried: 0, accepted: 0, refused: 0, bent: 0, problems: [] };
  const allowed = [...refusalsOf(route.description), ...commonRefusals];
  const plans = fc.sample(conformingPlan(route), { numRuns: options.runs, seed: options.seed });
  for (const [i, plan] of plans.entries()) {
    if (i % 10 === 0) await refresh(world);
    const sent = await send(world, route, plan);
    learn(world, sent);
    tally.tried += 1;
    const problem = conformanceProblem(sent, allowed);
    if (problem) tally.problems.push(`${route.name} ${sent.url} ${sent.payload ?? ''}: ${problem}`);
    else if (sent.res!.statusCode < 300) tally.accepted += 1;
    else tally.refused += 1;
  }
  // Each bend on a request the contract allows, so only the bent field is wrong.
  const base = plans[0];
  if (base) {
    for (const bend of bendsOf(route)) {
      const sent = await send(world, route, bent(base, bend));
      tally.bent += 1;
      const problem = bendProblem(sent, bend);
      if (problem) tally.problems.push(`${route.name} ${bend.where} ${bend.field} ${bend.how}: ${problem}`);
    }
  }
  return tally;
}
