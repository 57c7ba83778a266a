// Request generators for the API fuzz: every route, its path params, query,
// headers and body, read from GET /api/openapi.json (itself generated from the
// TypeBox schemas the routes validate with), then bent out of shape with the
// values of hostile.ts. Used by the small run in `npm test`
// (tests/server/fuzz.test.ts) and the full one (`npm run fuzz`, cli.ts).
//
// A generated request is a plan: ids and secrets that only exist once the
// world is seeded (the shopper's cart line, another shopper's order, the
// current password) are `Pick`s, resolved by the harness when it sends.
import fc from 'fast-check';
import {
  HTML_PAYLOADS, HUGE, MASS_ASSIGN_KEYS, PROTO_KEYS, RAW_BODIES, SQL_PAYLOADS, UNICODE, hostileNumber, hostileString, hostileValue, own, pollution,
} from './hostile.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS' | 'HEAD';

export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  maxItems?: number;
  pattern?: string;
  multipleOf?: number;
  const?: unknown;
  if?: JsonSchema;
  then?: JsonSchema;
  description?: string;
  'x-free-text'?: boolean;
}

export interface RouteSpec {
  /** 'POST /api/add/smell/{cartItemId}' */
  name: string;
  method: Method;
  /** OpenAPI style: '/api/orders/{id}' */
  path: string;
  auth: boolean;
  pathParams: Record<string, JsonSchema>;
  query: Record<string, JsonSchema>;
  headers: Record<string, JsonSchema>;
  body: JsonSchema | null;
  /** the operation's description: what it does, and the refusals it may answer */
  description?: string;
}

interface OpenApiOperation {
  description?: string;
  security?: unknown[];
  parameters?: { in: 'path' | 'query' | 'header'; name: string; schema: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema: JsonSchema }> };
}

/** Every operation of the OpenAPI document, plus the routes it leaves out. */
export function routesFromOpenApi(doc: { paths: Record<string, Record<string, OpenApiOperation>> }): RouteSpec[] {
  const routes: RouteSpec[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(operations)) {
      const params = (where: 'path' | 'query' | 'header') =>
        Object.fromEntries((op.parameters ?? []).filter((p) => p.in === where).map((p) => [p.name, p.schema]));
      routes.push({
        name: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase() as Method,
        path,
        auth: Boolean(op.security?.length),
        pathParams: params('path'),
        query: params('query'),
        headers: params('header'),
        body: op.requestBody?.content?.['application/json']?.schema ?? null,
        description: op.description,
      });
    }
  }
  // Hidden from the document it serves, but a route all the same.
  routes.push({ name: 'GET /api/openapi.json', method: 'GET', path: '/api/openapi.json', auth: false, pathParams: {}, query: {}, headers: {}, body: null });
  // Paths no route matches: the API's own 404, never the storefront's shell.
  routes.push({ name: 'ANY /api/{unknown}', method: 'GET', path: '/api/{unknown}', auth: false, pathParams: { unknown: { type: 'string' } }, query: {}, headers: {}, body: null });
  return routes;
}

/** The seeded world's ids and secrets a request may name; the harness resolves them. */
export type PoolName =
  | 'product' | 'category' | 'gift' | 'smell' | 'coupon' | 'deliveryDay'
  | 'myCart' | 'myCartItem' | 'myAddress' | 'myOrder'
  | 'otherCart' | 'otherCartItem' | 'otherAddress' | 'otherOrder' | 'otherUser' | 'myUser'
  | 'email' | 'phone' | 'password' | 'idempotencyKey';

export class Pick {
  constructor(readonly pool: PoolName, readonly index: number) {}
  toString() {
    return `Pick(${this.pool}#${this.index})`;
  }
}

/** A path segment or query string sent as is, not percent-encoded (e.g. a broken escape). */
export class Raw {
  constructor(readonly text: string) {}
  toString() {
    return `Raw(${JSON.stringify(this.text.length > 60 ? this.text.slice(0, 60) + '…' : this.text)})`;
  }
}

export type AuthPlan =
  | { mode: 'me' | 'none' | 'revoked' | 'expired' }
  /** the shop's owner: the contract walk reaches past the back office's role check with it */
  | { mode: 'owner' }
  | { mode: 'garbage'; header: string };

export type BodyPlan =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'raw'; text: string; type: string };

export interface Plan {
  method: Method;
  pathParams: Record<string, unknown>;
  query: [string, unknown][];
  rawQuery: string | null;
  headers: Record<string, unknown>;
  body: BodyPlan;
  auth: AuthPlan;
  /** the client's address: many, so per-address limits (contact: 20 per 15 min) do not stop the fuzz */
  ip: string;
}

export const pick = (pool: PoolName) => fc.nat(63).map((i) => new Pick(pool, i));

// ------------------------------------------------------------------ ids

export type IdKind = 'product' | 'category' | 'gift' | 'cart' | 'cartItem' | 'address' | 'order' | 'any';

/** What an id names, from its field and route: a cart id should mostly be the shopper's cart, sometimes another's. */
export function idKind(field: string, route: string): IdKind {
  if (field === 'product_id') return 'product';
  if (field === 'category_id') return 'category';
  if (field === 'gift_id') return 'gift';
  if (field === 'cardId' || field === 'cartId' || field === 'card_id') return 'cart';
  if (field === 'cartItemId') return 'cartItem';
  if (field === 'address_id') return 'address';
  if (field === 'id') {
    if (route.includes('/products/category/')) return 'category';
    if (route.includes('/products/details/') || route.includes('/fav/')) return 'product';
    if (route.includes('/address/')) return 'address';
    if (route.includes('/orders/')) return 'order';
  }
  return 'any';
}

const ANY_ID_POOLS: PoolName[] = [
  'product', 'category', 'gift', 'myCart', 'myCartItem', 'myAddress', 'myOrder',
  'otherCart', 'otherCartItem', 'otherAddress', 'otherOrder', 'otherUser', 'myUser',
];

const anyId: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer({ min: 1, max: 60 }),
  fc.integer({ min: 1, max: 2147483647 }),
  fc.constantFrom(...ANY_ID_POOLS).chain(pick),
);

export function idArbitrary(kind: IdKind): fc.Arbitrary<unknown> {
  const own = (pool: PoolName) => ({ weight: 6, arbitrary: pick(pool) });
  const others = (pool: PoolName) => ({ weight: 3, arbitrary: pick(pool) });
  const rest = { weight: 2, arbitrary: anyId };
  switch (kind) {
    case 'product': return fc.oneof(own('product'), rest);
    case 'category': return fc.oneof(own('category'), rest);
    case 'gift': return fc.oneof(own('gift'), rest);
    case 'cart': return fc.oneof(own('myCart'), others('otherCart'), rest);
    case 'cartItem': return fc.oneof(own('myCartItem'), others('otherCartItem'), rest);
    case 'address': return fc.oneof(own('myAddress'), others('otherAddress'), rest);
    case 'order': return fc.oneof(own('myOrder'), others('otherOrder'), rest);
    case 'any': return anyId;
  }
}

// ------------------------------------------------------------------ values a schema allows

const isoDay = fc.date({ min: new Date('1890-01-01'), max: new Date('2040-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
/**
 * SQL, HTML and odd unicode are valid text: they must get past validation
 * into the handlers and the database, not only meet a schema's refusal.
 */
const injection = fc.constantFrom(...SQL_PAYLOADS, ...HTML_PAYLOADS, ...UNICODE);
const text = (samples: string[]) => fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...samples) },
  { weight: 3, arbitrary: injection },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...samples), injection).map(([a, b]) => `${a} ${b}`) },
  { weight: 1, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
);
const names = ['Salma', 'Nabil', 'سلمى', 'نبيل', 'Zeinab', 'Omar', 'عُمَر', 'Al', 'Jo hn', 'ــسـ'];

/** Strings shaped for their field, so that requests get past validation into the rules. */
function semanticString(field: string, route: string): fc.Arbitrary<unknown> | null {
  switch (field) {
    case 'email': return fc.oneof(pick('email'), fc.emailAddress(), fc.constantFrom('Salma@Example.COM', ' a@b.co ', 'a@b', '@', 'a@b.c'));
    case 'login': return fc.oneof(pick('email'), pick('phone'), fc.emailAddress(), fc.constantFrom('01012345678', '+201012345678', '٠١٠١٢٣٤٥٦٧٨'));
    case 'phone': return fc.oneof(
      pick('phone'),
      fc.constantFrom('01012345678', '٠١٠١٢٣٤٥٦٧٨', '+20 101 234 5678', '0020101234567', '0101234567', '(010) 1234-5678'),
      fc.stringMatching(/^01[0125]\d{8}$/),
    );
    case 'password': case 'password_confirmation': case 'current_password':
      return fc.oneof({ weight: 3, arbitrary: pick('password') }, { weight: 1, arbitrary: fc.constantFrom('secret123', 'Secret123!', '12345', '') }, { weight: 1, arbitrary: fc.string({ maxLength: 30 }) });
    case 'first_name': case 'last_name': return text(names);
    case 'username': return text(['Salma Nabil', 'سلمى نبيل', 'Salma', 'Sa Nabil', 'Salma  Nabil Ali']);
    case 'birth_date': return fc.oneof(fc.constantFrom('1998-03-14', '2000-02-29', '2001-02-29', '٢٠٠٠-٠١-٠١', '1998-3-4', '1899-12-31', '2020-01-01'), isoDay);
    case 'government': return text(['cairo', 'Giza', 'الجيزة', 'red-sea', 'atlantis']);
    case 'title': return text(['Home', 'Work', 'بيت']);
    case 'address': return text(['5 Nile St', '١٢ شارع التحرير']);
    case 'city': return text(['Maadi', 'Dokki', 'المعادي']);
    case 'comment': case 'message': return text(['Lovely scent, it lasts all day.', 'ريحة جميلة وثابتة طول اليوم', 'ok']);
    case 'name':
      if (route.includes('/coupons/')) return fc.oneof(pick('coupon'), fc.constantFrom('welcome10', ' eid100 ', 'SUMMER24', 'NOPE', 'eid١٠٠'));
      return text(['Salma Nabil', 'Sa', 'سلمى']);
    case 'date': return fc.oneof(pick('deliveryDay'), fc.constantFrom('2020-01-01', '2099-12-31', 'tomorrow', '٢٠٣٠-٠١-٠١'), isoDay);
    case 'q': return text(['oud', 'Rose', 'عود', 'musk', '%', '_', '\\', "o'", 'o"d']);
    case 'idempotency-key': return fc.oneof(pick('idempotencyKey'), fc.stringMatching(/^[A-Za-z0-9_\-:.]{8,40}$/), fc.uuid());
    default: return null;
  }
}

function numberFor(field: string, schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? -1e9;
  const max = schema.maximum ?? 1e9;
  const inRange = integer
    ? fc.integer({ min: Math.max(min, -2147483648), max: Math.min(max, 2147483647) })
    : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
  switch (field) {
    case 'rate': return fc.oneof(fc.constantFrom(0.5, 1, 1.5, 2, 3, 4, 4.5, 5, 0, 5.5, 3.3), inRange);
    case 'qty': return fc.oneof({ weight: 3, arbitrary: fc.integer({ min: -2, max: 12 }) }, { weight: 1, arbitrary: inRange });
    case 'page': return fc.oneof(fc.integer({ min: 1, max: 4 }), inRange);
    case 'per_page': return fc.oneof(fc.integer({ min: 1, max: 48 }), inRange);
    case 'min_price': case 'max_price': return fc.oneof(fc.integer({ min: 0, max: 3000 }), inRange);
    case 'point': case 'totalprice': return fc.oneof(fc.integer({ min: 0, max: 5000 }), inRange);
    default: return inRange;
  }
}

/** A value the schema accepts (or nearly: semantic strings may break a business rule on purpose). */
export function validValue(schema: JsonSchema, field: string, route: string): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((s) => validValue(s, field, route)));
  if (Array.isArray(schema.type)) return fc.oneof(...schema.type.map((type) => validValue({ ...schema, type }, field, route)));
  switch (schema.type) {
    case 'null': return fc.constant(null);
    case 'boolean': return fc.boolean();
    case 'integer':
      if (schema.minimum === 1 && schema.maximum === 2147483647) return idArbitrary(idKind(field, route));
      return numberFor(field, schema, true);
    case 'number': return numberFor(field, schema, false);
    case 'string': {
      const semantic = semanticString(field, route);
      if (semantic) return semantic;
      if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
      return fc.oneof(
        { weight: 3, arbitrary: fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 40, 40) }) },
        { weight: 1, arbitrary: injection.filter((v) => v.length >= (schema.minLength ?? 0) && v.length <= (schema.maxLength ?? Infinity)) },
      );
    }
    case 'array': {
      const items = schema.items ?? {};
      // Smells name the product's options: mostly real ones, in either language.
      const item = field === 'smell' ? fc.oneof({ weight: 4, arbitrary: pick('smell') }, { weight: 1, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: validValue(items, field, route) })
        : validValue(items, field, route);
      // Mostly short lists: a smell per unit of a line of one to three units.
      const max = Math.min(schema.maxItems ?? 8, 8);
      return fc.oneof({ weight: 3, arbitrary: fc.array(item, { minLength: 1, maxLength: Math.min(3, max) }) }, { weight: 1, arbitrary: fc.array(item, { maxLength: max }) });
    }
    case 'object': return objectValue(schema, route);
    default: return hostileValue;
  }
}

function objectValue(schema: JsonSchema, route: string): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const entries = Object.entries(properties).map(([key, s]) =>
    (required.has(key) ? validValue(s, key, route).map((v) => [key, v] as const)
      : fc.option(validValue(s, key, route).map((v) => [key, v] as const), { freq: 3 })));
  // A password and its confirmation mostly agree, or sign-up never gets past them.
  return fc.tuple(fc.tuple(...entries), fc.nat(3)).map(([pairs, agree]) => {
    const out: Record<string, unknown> = {};
    for (const pair of pairs) if (pair) own(out, pair[0], pair[1]);
    if (agree > 0 && 'password' in out && 'password_confirmation' in out) out.password_confirmation = out.password;
    return out;
  });
}

// ------------------------------------------------------------------ hostile versions

/** Wrong for this field: its own type pushed past its bounds, or another type altogether. */
function hostileFor(schema: JsonSchema): fc.Arbitrary<unknown> {
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  const sameType = types.includes('string') ? hostileString
    : types.includes('integer') || types.includes('number') ? fc.oneof(
      { weight: 4, arbitrary: hostileNumber },
      // numbers as text: what a query string or path carries, and what coercion reads
      { weight: 1, arbitrary: fc.constantFrom('Infinity', '-Infinity', '1e309', '-1e400', 'NaN', '0x10', '0b1', '1e3', '-0', '1.', '.5', '١٢', '1_000', ' 7 ', '') },
    )
      : types.includes('array') ? fc.oneof(fc.array(hostileValue, { maxLength: 4 }), fc.constant(Array.from({ length: 1001 }, () => 'x')))
        : hostileValue;
  return fc.oneof({ weight: 3, arbitrary: sameType }, { weight: 2, arbitrary: hostileValue }, { weight: 1, arbitrary: anyId });
}

const copy = (o: Record<string, unknown>) => {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(o)) own(out, key, o[key]);
  return out;
};

/** Extra keys: fields no client may set, prototype keys, other shoppers' ids. */
const extraEntries = fc.array(
  fc.tuple(
    fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...MASS_ASSIGN_KEYS) }, { weight: 2, arbitrary: fc.constantFrom(...PROTO_KEYS) }, { weight: 1, arbitrary: fc.string({ maxLength: 12 }) }),
    fc.oneof({ weight: 3, arbitrary: hostileValue }, { weight: 2, arbitrary: anyId }, { weight: 1, arbitrary: pollution }, { weight: 1, arbitrary: fc.constantFrom('admin', 'delivered', 'cancelled', 0, 1e9, -1, true) }),
  ),
  { minLength: 1, maxLength: 4 },
);

function bodyArbitrary(schema: JsonSchema, route: string): fc.Arbitrary<BodyPlan> {
  const valid = objectValue(schema, route);
  const keys = Object.keys(schema.properties ?? {});
  const properties = schema.properties ?? {};
  const json = (a: fc.Arbitrary<unknown>) => a.map((value): BodyPlan => ({ kind: 'json', value }));
  const mutated = fc.tuple(valid, fc.array(fc.constantFrom(...keys).chain((k) => hostileFor(properties[k]).map((v) => [k, v] as const)), { minLength: 1, maxLength: 3 }))
    .map(([o, changes]) => {
      const out = copy(o);
      for (const [k, v] of changes) own(out, k, v);
      return out;
    });
  const missing = fc.tuple(valid, fc.subarray(keys, { minLength: 1 })).map(([o, drop]) => {
    const out = copy(o);
    for (const k of drop) delete out[k];
    return out;
  });
  const extra = fc.tuple(fc.oneof(valid, mutated), extraEntries).map(([o, more]) => {
    const out = copy(o);
    for (const [k, v] of more) own(out, k, v);
    return out;
  });
  return fc.oneof(
    { weight: 30, arbitrary: json(valid) },
    { weight: 30, arbitrary: json(mutated) },
    { weight: 10, arbitrary: json(missing) },
    { weight: 15, arbitrary: json(extra) },
    { weight: 8, arbitrary: json(hostileValue) },
    { weight: 7, arbitrary: fc.constantFrom(...RAW_BODIES).map((b): BodyPlan => ({ kind: 'raw', ...b })) },
  );
}

/** A body on a route that takes none: it must be ignored or refused, never trip the route. */
const strayBody: fc.Arbitrary<BodyPlan> = fc.oneof(
  { weight: 17, arbitrary: fc.constant<BodyPlan>({ kind: 'none' }) },
  { weight: 2, arbitrary: fc.oneof(hostileValue, extraEntries.map((e) => Object.fromEntries(e))).map((value): BodyPlan => ({ kind: 'json', value })) },
  { weight: 1, arbitrary: fc.constantFrom(...RAW_BODIES).map((b): BodyPlan => ({ kind: 'raw', ...b })) },
);

// ------------------------------------------------------------------ path, query, headers, auth

const RAW_SEGMENTS = ['%zz', '%', '%00', '%2e%2e', '..', '.', '%2F', '%252F', '%E0%A4%A', '%C0%AF', ';', '1;2', '1%3B2', '%20', '+1', ' 1', '1 ', '0x10', '1e3', '01', '-0', '1.0', '١٢'];

function pathParamArbitrary(schema: JsonSchema, field: string, route: string): fc.Arbitrary<unknown> {
  if (field === 'unknown') {
    return fc.oneof(
      fc.webPath().map((p) => new Raw(p.replace(/^\//, ''))),
      fc.constantFrom('admin', 'users', '../.env', '.git/config', 'orders/1/status', 'user/%zz', 'products/details/1/2', 'openapi.yaml', 'Health', 'HOME')
        .map((p) => new Raw(p)),
      fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }),
    );
  }
  return fc.oneof(
    { weight: 22, arbitrary: validValue(schema, field, route) },
    { weight: 2, arbitrary: fc.constantFrom(...RAW_SEGMENTS).map((s) => new Raw(s)) },
    { weight: 1, arbitrary: hostileValue.filter((v) => typeof v === 'string' || typeof v === 'number') },
    { weight: 1, arbitrary: fc.constant(new Raw(HUGE)) },
  );
}

const RAW_QUERIES = ['%', '%zz', 'q=%E0%A4%A', '&&&', '=', '==1', 'page=%00', 'q=%C0%AF', ';', '?', 'a[b]=1', 'page[]=1', '__proto__[x]=1', 'constructor[prototype][x]=1', `q=${HUGE}`, 'page=1#frag'];

function queryArbitrary(params: Record<string, JsonSchema>, route: string): fc.Arbitrary<[string, unknown][]> {
  const declared = Object.entries(params).map(([name, schema]) =>
    fc.oneof(
      { weight: 4, arbitrary: fc.constant(null) },
      { weight: 5, arbitrary: validValue(schema, name, route).map((v) => [[name, v]] as [string, unknown][]) },
      { weight: 2, arbitrary: hostileFor(schema).map((v) => [[name, v]] as [string, unknown][]) },
      // the same parameter twice
      { weight: 1, arbitrary: fc.tuple(validValue(schema, name, route), validValue(schema, name, route)).map(([a, b]) => [[name, a], [name, b]] as [string, unknown][]) },
    ));
  const extra = fc.oneof(
    { weight: 9, arbitrary: fc.constant([] as [string, unknown][]) },
    { weight: 1, arbitrary: extraEntries.map((e) => e.map(([k, v]) => [k, v] as [string, unknown])) },
  );
  return fc.tuple(fc.tuple(...declared), extra).map(([lists, more]) => [...lists.flatMap((l) => l ?? []), ...more]);
}

/** Header values must be Latin-1 text without line breaks, or the client (not the server) throws. */
const headerSafe = (s: string) => /^[\t\x20-\x7e\x80-\xff]*$/.test(s);
const hostileHeader = hostileString.filter(headerSafe);

function headersArbitrary(declared: Record<string, JsonSchema>, route: string): fc.Arbitrary<Record<string, unknown>> {
  const entries: fc.Arbitrary<[string, unknown] | null>[] = [
    fc.oneof(
      { weight: 3, arbitrary: fc.constant(null) },
      { weight: 4, arbitrary: fc.constantFrom('en', 'ar', 'AR', 'ar-EG', 'fr', '') .map((v) => ['lang', v] as [string, unknown]) },
      { weight: 1, arbitrary: hostileHeader.map((v) => ['lang', v] as [string, unknown]) },
      { weight: 1, arbitrary: fc.constant(['lang', ['ar', 'en']] as [string, unknown]) },
    ),
    fc.oneof(
      { weight: 4, arbitrary: fc.constant(null) },
      { weight: 2, arbitrary: fc.constantFrom('gzip', 'br', 'gzip, deflate, br', 'identity', '*', '*;q=0', 'br;q=0, gzip;q=0', 'deflate', 'zstd').map((v) => ['accept-encoding', v] as [string, unknown]) },
      { weight: 1, arbitrary: hostileHeader.map((v) => ['accept-encoding', v] as [string, unknown]) },
    ),
    fc.oneof(
      { weight: 12, arbitrary: fc.constant(null) },
      { weight: 1, arbitrary: fc.tuple(
        fc.constantFrom('x-forwarded-for', 'x-real-ip', 'origin', 'cookie', 'x-http-method-override', 'x-user-id', 'if-none-match', 'range', 'expect'),
        fc.oneof(hostileHeader, fc.constantFrom('1.2.3.4, 5.6.7.8', 'https://evil.example', 'null', 'DELETE', 'bytes=0-1', '100-continue', '*')),
      ) },
    ),
  ];
  for (const [name, schema] of Object.entries(declared)) {
    entries.push(fc.oneof(
      { weight: 5, arbitrary: fc.constant(null) },
      { weight: 5, arbitrary: validValue(schema, name, route).map((v) => [name, v] as [string, unknown]) },
      { weight: 1, arbitrary: hostileHeader.map((v) => [name, v] as [string, unknown]) },
    ));
  }
  return fc.tuple(...entries).map((list) => Object.fromEntries(list.filter((e): e is [string, unknown] => e !== null)));
}

const GARBAGE_AUTH = fc.oneof(
  fc.constantFrom('Bearer', 'Bearer ', 'bearer', 'Basic ZGVtbzpkZW1v', 'Token abc', 'Bearer null', 'Bearer undefined', 'Bearer [object Object]',
    `Bearer ${'A'.repeat(200)}`, `Bearer ${'A'.repeat(201)}`, `Bearer ${'a'.repeat(100_000)}`, 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOjF9.', 'Bearer ../../../etc', "Bearer ' OR 1=1 --"),
  fc.stringMatching(/^[A-Za-z0-9_-]{16,60}$/).map((t) => `Bearer ${t}`),
  hostileHeader.map((t) => `Bearer ${t}`),
);

function authArbitrary(auth: boolean): fc.Arbitrary<AuthPlan> {
  const modes = (weights: [me: number, none: number, revoked: number, expired: number, garbage: number]) => fc.oneof(
    { weight: weights[0], arbitrary: fc.constant<AuthPlan>({ mode: 'me' }) },
    { weight: weights[1], arbitrary: fc.constant<AuthPlan>({ mode: 'none' }) },
    { weight: weights[2], arbitrary: fc.constant<AuthPlan>({ mode: 'revoked' }) },
    { weight: weights[3], arbitrary: fc.constant<AuthPlan>({ mode: 'expired' }) },
    { weight: weights[4], arbitrary: GARBAGE_AUTH.map((header): AuthPlan => ({ mode: 'garbage', header })) },
  );
  return auth ? modes([16, 1, 1, 1, 2]) : modes([3, 6, 1, 1, 1]);
}

const OTHER_METHODS: Method[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'];

/** Requests for one route: mostly its own method and shapes, bent in every way above. */
export function planArbitrary(route: RouteSpec): fc.Arbitrary<Plan> {
  const method = route.name.startsWith('ANY ')
    ? fc.constantFrom(...OTHER_METHODS)
    : fc.oneof({ weight: 19, arbitrary: fc.constant(route.method) }, { weight: 1, arbitrary: fc.constantFrom(...OTHER_METHODS) });
  const pathParams = fc.record(Object.fromEntries(Object.entries(route.pathParams).map(([name, schema]) => [name, pathParamArbitrary(schema, name, route.name)])));
  const rawQuery = fc.oneof({ weight: 19, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.constantFrom(...RAW_QUERIES) });
  return fc.record({
    method,
    pathParams,
    query: queryArbitrary(route.query, route.name),
    rawQuery,
    headers: headersArbitrary(route.headers, route.name),
    body: route.body ? bodyArbitrary(route.body, route.name) : strayBody,
    auth: authArbitrary(route.auth),
    ip: fc.oneof({ weight: 9, arbitrary: fc.ipV4() }, { weight: 1, arbitrary: fc.constant('127.0.0.1') }),
  });
}
