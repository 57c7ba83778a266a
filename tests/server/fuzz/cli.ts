// npm run fuzz — the full API fuzz: at least 100,000 generated requests over
// every route (requests.ts, judged by harness.ts), then a table of how many
// each route got, the answers' status codes, and every 5xx, bad shape and
// leak seen; then the contract walk (contract.ts): requests built only from
// openapi.json on every route, and each field bent out of its schema. Exits 1
// on any problem. Not part of `npm test`, which runs small samples of both
// (tests/server/fuzz.test.ts, tests/server/contract.test.ts).
//
//   CONTRACT_RUNS=300   contract-walk requests per route (a tenth of FUZZ_RUNS by default)
//   FUZZ_RUNS=3000      requests per route (a quarter on REDUCED_ROUTES: scrypt, openapi.json)
//   FUZZ_SEED=1234      replay a run (the seed is printed)
//   FUZZ_ONLY=checkout  only routes whose name contains one of these (comma separated)
import { createWorld, fuzzRoute, invariantProblems, rebaseline, runsFor, type RouteTally } from './harness.ts';
import { NOT_CONTRACT, refusalsOf, walkRoute } from './contract.ts';

const perRoute = Number(process.env.FUZZ_RUNS ?? 3000);
const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
const only = (process.env.FUZZ_ONLY ?? '').split(',').map((s) => s.trim()).filter(Boolean);

const started = performance.now();
const world = await createWorld();
const routes = world.routes.filter((r) => !only.length || only.some((o) => r.name.includes(o)));
console.log(`API fuzz: ${routes.length} routes, ${perRoute} requests a route (${Math.ceil(perRoute / 4)} on sign-up, log-in, password change and openapi.json), seed ${seed}`);

const tallies: RouteTally[] = [];
const broken: string[] = [];
const n = (value: number, width: number) => String(value).padStart(width);
console.log(`${'route'.padEnd(40)} ${'tried'.padStart(6)} ${'secs'.padStart(6)} ${'5xx'.padStart(4)} ${'shape'.padStart(5)} ${'leak'.padStart(4)} ${'other'.padStart(5)}  answers`);
for (const [i, route] of routes.entries()) {
  const t0 = performance.now();
  const tally = await fuzzRoute(world, route, { runs: runsFor(route, perRoute), seed: seed + i, mode: 'tally' });
  tallies.push(tally);
  const { problems: p } = tally;
  const codes = Object.entries(tally.statuses).map(([code, count]) => `${code}×${count}`).join(' ');
  const secs = ((performance.now() - t0) / 1000).toFixed(1).padStart(6);
  console.log(`${route.name.padEnd(40)} ${n(tally.tried, 6)} ${secs} ${n(p['5xx'], 4)} ${n(p.shape, 5)} ${n(p.leak, 4)} ${n(p.crash + p.slow, 5)}  ${codes}`);
  for (const example of tally.examples) console.log(`    ${example}`);
  const after = await invariantProblems(world);
  for (const p of after) {
    broken.push(`after ${route.name}: ${p}`);
    console.log(`    [invariant] ${p}`);
  }
  // Report the route that broke it, then compare the next routes with what is now.
  if (after.length) await rebaseline(world);
}

// The contract walk (contract.ts): requests built only from openapi.json, and each field bent out of its schema.
const contractRuns = Number(process.env.CONTRACT_RUNS ?? Math.max(20, Math.round(perRoute / 10)));
const doc = JSON.parse((await world.app.inject({ method: 'GET', url: '/api/openapi.json' })).body);
const common = refusalsOf(doc.info.description);
console.log('');
console.log(`Contract walk: ${contractRuns} requests a route from its published schemas, then every field bent`);
console.log(`${'route'.padEnd(40)} ${'tried'.padStart(6)} ${'yes'.padStart(6)} ${'no'.padStart(6)} ${'bent'.padStart(5)} ${'drift'.padStart(5)}`);
for (const [i, route] of routes.entries()) {
  if (NOT_CONTRACT.has(route.name)) continue;
  const tally = await walkRoute(world, route, common, { runs: contractRuns, seed: seed + 1000 + i });
  console.log(`${route.name.padEnd(40)} ${n(tally.tried, 6)} ${n(tally.accepted, 6)} ${n(tally.refused, 6)} ${n(tally.bent, 5)} ${n(tally.problems.length, 5)}`);
  for (const p of tally.problems.slice(0, 5)) console.log(`    ${p.slice(0, 300)}`);
  broken.push(...tally.problems);
}
await world.app.close();

const sum = (f: (t: RouteTally) => number) => tallies.reduce((n, t) => n + f(t), 0);
const total = sum((t) => t.tried);
const fivexx = sum((t) => t.problems['5xx']);
const shapes = sum((t) => t.problems.shape);
const leaks = sum((t) => t.problems.leak);
const crashes = sum((t) => t.problems.crash);
const slow = sum((t) => t.problems.slow);
const seconds = (performance.now() - started) / 1000;
const statuses: Record<string, number> = {};
for (const t of tallies) for (const [code, n] of Object.entries(t.statuses)) statuses[code] = (statuses[code] ?? 0) + n;

console.log('');
console.log(`requests: ${total} over ${tallies.length} routes in ${seconds.toFixed(1)} s (${Math.round(total / seconds)} a second), seed ${seed}`);
console.log(`answers: ${Object.entries(statuses).map(([code, n]) => `${code}×${n}`).join(' ')}`);
console.log(`5xx: ${fivexx}   bad shapes: ${shapes}   leaks: ${leaks}   other (inject failures ${crashes}, slower than 5 s ${slow})   broken invariants and contract drifts: ${broken.length}`);
const thin = tallies.filter((t) => t.tried === 0).map((t) => t.route);
if (thin.length) console.log(`routes never reached: ${thin.join(', ')}`);
const failed = fivexx + shapes + leaks + crashes + slow + broken.length + thin.length > 0;
console.log(failed ? 'FAILED' : 'passed');
process.exit(failed ? 1 : 0);
