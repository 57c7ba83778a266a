// Values an attacker (or a broken client) sends instead of what a schema asks
// for. Shared by the fuzz (requests.ts) and anything else that wants them.
//
// None of these strings carries a marker that the leak check looks for
// (stack frames, driver names, file paths): a marker in an answer is then the
// server's own words, not the request echoed back. SQL keywords are the
// exception (an injection is made of them); the check excuses an echo of
// what the request itself carried.
import fc from 'fast-check';

/** Over the 64 KiB body limit once in JSON: these bodies must meet 413. */
export const HUGE = 'x'.repeat(100_000);
export const HUGE_ARABIC = 'عطر'.repeat(34_000);
export const HUGE_EMOJI = '🌹'.repeat(50_000);
/** Under the body limit: these reach validation, and its maxLength. */
export const LONG = 'y'.repeat(60_000);

export const SQL_PAYLOADS = [
  "' OR '1'='1",
  "' OR 1=1 --",
  '1 OR 1=1',
  "'; DROP TABLE users; --",
  "1; DELETE FROM orders",
  "' UNION SELECT password_hash, email FROM users --",
  "admin'--",
  "%' AND 1=0 UNION ALL SELECT 1 --",
  '%',
  '_',
  '\\',
  "\\'",
  "'",
  '"',
  '`',
  "' || (SELECT hex(randomblob(100000000))) || '",
  "1' AND randomblob(1000000000) --",
  "x' ESCAPE '",
  ";PRAGMA writable_schema=1;",
  "ATTACH DATABASE 'x.db' AS x; --",
];

export const HTML_PAYLOADS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  "javascript:alert('x')",
  '<a href="javascript:alert(1)">x</a>',
  '<iframe src="//evil.example"></iframe>',
  '{{7*7}}',
  '${7*7}',
  '<%= 7*7 %>',
  '</style><style>*{display:none}</style>',
  '&lt;b&gt;&amp;',
  '<!--',
];

export const UNICODE = [
  '',
  ' ',
  '\t\n\r',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFF',
  'x\uDBFF',
  '\uFEFF',
  '\u202Egnp.exe',
  '\u200B\u200C\u200D',
  'e\u0301\u0301\u0301\u0301',
  'ﷺ',
  'ـــــ',
  '٠١٢٣٤٥٦٧٨٩',
  '۰۱۲۳۴۵۶۷۸۹',
  'سلمى نبيل',
  '🌹🧴👩🏽‍🦱',
  'Ǆǅǆ',
  'ß',
  'İstanbul',
  '\u00A0\u2028\u2029',
  '\x7F\x1B[31m',
];

export const PROTO_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty', '__defineGetter__'];

export const OTHER_STRINGS = [
  'null', 'undefined', 'true', 'false', 'NaN', 'Infinity', '-Infinity', '-1', '0', '1e309', '0x1F', '1_000', '1,5',
  '9'.repeat(40), '../../../../etc/passwd', '..\\..\\windows\\win.ini', '%00', '%s%s%s%n', '\r\nSet-Cookie: a=1',
  '*', '?', '#', '&', '=', '+', '[]', '{}', '[object Object]', 'a'.repeat(255), 'a'.repeat(5001),
];

export const HOSTILE_STRINGS = [
  ...SQL_PAYLOADS, ...HTML_PAYLOADS, ...UNICODE, ...PROTO_KEYS, ...OTHER_STRINGS,
  HUGE, HUGE_ARABIC, HUGE_EMOJI, LONG,
];

export const HOSTILE_NUMBERS = [
  0, -0, -1, -2, 1, 2, 0.5, 1.5, -0.5, 0.1, 1e-7, 5e-324,
  127, 128, 255, 256, 32767, 32768, 65535, 65536,
  2147483647, 2147483648, -2147483648, -2147483649, 4294967295, 4294967296,
  Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER + 2, -Number.MAX_SAFE_INTEGER, 2 ** 63, -(2 ** 63), 2 ** 64,
  1e21, -1e21, 1e308, -1e308, Number.MAX_VALUE, Number('123456789.123456789'),
];

/** A string from the catalog, or a random one in the whole of Unicode. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary-ascii', maxLength: 40 }) },
);

export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS) },
  { weight: 2, arbitrary: fc.integer({ min: -2147483648, max: 2147483647 }) },
  // NaN and ±Infinity travel as null in JSON: a wrong type of their own.
  { weight: 2, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.maxSafeInteger() },
);

/** An object with `key` as an own, enumerable property, even when key is `__proto__`. */
export function own(target: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  return target;
}

/** `{ "__proto__": { "isAdmin": true } }` and friends: prototype pollution attempts. */
export const pollution: fc.Arbitrary<Record<string, unknown>> = fc.constantFrom(...PROTO_KEYS).chain((key) =>
  fc.constantFrom<unknown>(
    { isAdmin: true, role: 'admin', points: 1e9, polluted: 'yes' },
    { prototype: { polluted: 'yes' } },
    'polluted',
    null,
    [1, 2, 3],
  ).map((value) => own({}, key, value)));

function nest(depth: number, leaf: unknown): unknown {
  let value = leaf;
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
}

/** Any JSON value of a type no schema expects here, including nested and polluting ones. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: hostileString },
  { weight: 5, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 2, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.constantFrom<unknown>({}, [], [null], [[]], [1, 'a', null], { length: 1e9 }, { 0: 'a', length: 1 }) },
  { weight: 1, arbitrary: fc.array(hostileString, { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.array(hostileNumber, { maxLength: 5 }) },
  { weight: 1, arbitrary: pollution },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.constantFrom(nest(200, 1), nest(2000, 'x'), Array.from({ length: 5000 }, (_, i) => i)) },
);

/**
 * Fields a client must never be able to set: ownership, prices, stock,
 * balances, states and roles. Sent as extra keys on every body.
 */
export const MASS_ASSIGN_KEYS = [
  'id', 'user_id', 'userId', 'price', 'sale_price', 'price_after_sale', 'points', 'points_used', 'points_applied',
  'status', 'stock', 'role', 'roles', 'is_admin', 'isAdmin', 'admin', 'total', 'subtotal', 'discount', 'coupon_id',
  'used_count', 'order_id', 'number', 'card_id', 'cart_id', 'password_hash', 'token', 'created_at', 'verified',
  'qty', 'units_sold', 'wallet_phone', 'shipping_fee', 'email',
];

/** Malformed bodies and bodies of other types, as raw text with the content type they claim. */
export const RAW_BODIES: { text: string; type: string }[] = [
  { text: '', type: 'application/json' },
  { text: '   ', type: 'application/json' },
  { text: '{', type: 'application/json' },
  { text: '{"a":', type: 'application/json' },
  { text: "{'a': 1}", type: 'application/json' },
  { text: '{"a": 1,}', type: 'application/json' },
  { text: '{"a": NaN}', type: 'application/json' },
  { text: '{"a": 1}}', type: 'application/json' },
  { text: '{"a": undefined}', type: 'application/json' },
  { text: '\uFEFF{}', type: 'application/json' },
  { text: '{"__proto__": {"isAdmin": true}, "__proto__": null}', type: 'application/json' },
  { text: '{"a":1,"a":2,"a":{"b":[]}}', type: 'application/json' },
  { text: '"\\ud800"', type: 'application/json' },
  // JSON.parse reads these as ±Infinity: no schema bound may let one through.
  { text: '{"product_id":1e400,"qty":-1e400,"rate":1e400,"point":1e400,"card_id":1e400,"address_id":1,"totalprice":-1e400}', type: 'application/json' },
  { text: '1e999999', type: 'application/json' },
  { text: '[' .repeat(30_000) + ']'.repeat(30_000), type: 'application/json' },
  { text: '{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000), type: 'application/json' },
  { text: JSON.stringify({ a: HUGE }), type: 'application/json' },
  { text: JSON.stringify({ a: Array.from({ length: 20_000 }, () => 1) }), type: 'application/json' },
  { text: 'a=1&b=2', type: 'application/x-www-form-urlencoded' },
  { text: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n', type: 'multipart/form-data; boundary=x' },
  { text: '<a>1</a>', type: 'application/xml' },
  { text: '{"a":1}', type: 'text/plain' },
  { text: '{"a":1}', type: 'application/json; charset=latin1' },
  { text: '{"a":1}', type: 'application/json-patch+json' },
  { text: '{"a":1}', type: 'APPLICATION/JSON' },
  { text: '{"a":1}', type: 'application/json;;;' },
  { text: '{"a":1}', type: '' },
  { text: '\x00\x01\x02\xff', type: 'application/octet-stream' },
];
