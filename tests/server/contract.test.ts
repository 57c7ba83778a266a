// The server against its published contract, read as an outside client
// reads it (tests/server/fuzz/contract.ts): on every route of openapi.json,
// requests built only from its schemas are accepted or refused for a reason
// the route's description lists; each field bent out of its schema is
// refused 422 with that field named. `npm run fuzz` runs the same walk with
// more requests; CONTRACT_RUNS and FUZZ_SEED change this one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorld, type World } from './fuzz/harness.ts';
import { NOT_CONTRACT, bendsOf, conformanceProblem, refusalsOf, walkRoute, type Refusal } from './fuzz/contract.ts';
import type { Sent } from './fuzz/harness.ts';

const RUNS = Number(process.env.CONTRACT_RUNS ?? 12);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);

let world: World;
let common: Refusal[];

beforeAll(async () => {
  world = await createWorld();
  const doc = JSON.parse((await world.app.inject({ method: 'GET', url: '/api/openapi.json' })).body);
  common = refusalsOf(doc.info.description);
});
afterAll(async () => {
  await world.app.close();
});

describe('the published contract', () => {
  it('lists the refusals every route may give, and each route its own', () => {
    expect(common.map((r) => r.status)).toEqual(expect.arrayContaining([401, 409, 422, 429]));
    const review = world.routes.find((r) => r.name === 'POST /api/review/send')!;
    expect(refusalsOf(review.description).map((r) => `${r.status} ${r.field ?? ''} ${r.text}`)).toContain('404  This product was not found.');
  });

  it('publishes what the server enforces on the fields an outside tool found loose', () => {
    const body = (name: string) => world.routes.find((r) => r.name === name)!.body!;
    const register = body('POST /api/user/register').properties!;
    expect(register.phone.pattern).toBeTruthy();
    expect(register.email.pattern).toBeTruthy();
    expect(register.first_name.pattern).toBeTruthy();
    expect(body('POST /api/user/add/address').properties!.government.pattern).toContain('القاهرة');
    expect(body('POST /api/review/send').properties!.rate).toMatchObject({ minimum: 0.5, maximum: 5, multipleOf: 0.5 });
    expect(body('POST /api/changeSummaryCard/{cartId}').properties!.qty.minimum).toBe(1);
    const checkout = body('POST /api/checkout');
    // OpenAPI writes the schema's `const` as a one-value enum.
    expect(checkout.if).toEqual({ properties: { shiping: { enum: ['date'] } }, required: ['shiping'] });
    expect(checkout.then?.required).toEqual(['date']);
  });
});

describe('the judge of the walk', () => {
  // The walk passes only if it can fail.
  const allowed = refusalsOf('x\n\nRefusals besides the schema\'s (422, each field named):\n- 404: "We could not find this product."\n- 422 comment: "Please write something."\n- 429: "Too many attempts. Please try again in {minutes}."');
  const answer = (statusCode: number, body: unknown) => ({ res: { statusCode, body: JSON.stringify(body) } }) as unknown as Sent;
  it('passes a success and the listed refusals', () => {
    expect(conformanceProblem(answer(200, { status: 200, message: 'OK', data: null }), allowed)).toBeNull();
    expect(conformanceProblem(answer(404, { status: 404, message: 'We could not find this product.' }), allowed)).toBeNull();
    expect(conformanceProblem(answer(429, { status: 429, message: 'Too many attempts. Please try again in 12 minutes.' }), allowed)).toBeNull();
    expect(conformanceProblem(answer(422, { status: 422, message: 'Please check the highlighted fields.', errors: { comment: ['Please write something.'] } }), allowed)).toBeNull();
  });
  it('fails a refusal the contract does not list, a schema refusal of an allowed value, and a 5xx', () => {
    expect(conformanceProblem(answer(422, { status: 422, message: 'Your cart is empty.' }), allowed)).toMatch(/does not list/);
    expect(conformanceProblem(answer(422, { status: 422, message: 'Please check the highlighted fields.', errors: { phone: ['Phone must be 11 digits.'] } }), allowed)).toMatch(/phone/);
    expect(conformanceProblem(answer(404, { status: 404, message: 'Please write something.' }), allowed)).toMatch(/does not list/);
    expect(conformanceProblem(answer(500, { status: 500, message: 'x' }), allowed)).toMatch(/500/);
  });
  it('bends every field of a body: type, bounds, pattern, enum, missing, unknown', () => {
    const review = world.routes.find((r) => r.name === 'POST /api/review/send')!;
    const hows = bendsOf(review).map((b) => `${b.field} ${b.how}`);
    expect(hows).toEqual(expect.arrayContaining([
      'rate below 0.5', 'rate above 5', 'rate off multiples of 0.5', 'comment 2001 characters', 'comment empty', 'comment missing', 'unexpected_field a field the schema does not name',
    ]));
  });
});

describe('every route keeps its contract', () => {
  it(`accepts what its schemas allow or refuses it as its description says, and refuses every bent field (seed ${SEED})`, async () => {
    const problems: string[] = [];
    let tried = 0;
    let accepted = 0;
    let bent = 0;
    for (const [i, route] of world.routes.entries()) {
      if (NOT_CONTRACT.has(route.name)) continue;
      const tally = await walkRoute(world, route, common, { runs: RUNS, seed: SEED + i });
      problems.push(...tally.problems);
      tried += tally.tried;
      accepted += tally.accepted;
      bent += tally.bent;
    }
    expect(problems).toEqual([]);
    // Requests got past the contract into the rules, and most routes said yes at least once.
    expect(accepted).toBeGreaterThan(tried / 4);
    expect(bent).toBeGreaterThan(100);
    // A fixed amount of work that grows with every route; its limit only catches a hang. At 240 s a
    // run beside four other builds and test runs on two cores timed out while passing every check.
  }, 600_000);
});
