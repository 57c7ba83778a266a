// Several server instances on one PostgreSQL database (the server-pg project only): what one
// instance changes, every other one sees at the next request (docs/architecture.md, "Two databases").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { freshDatabase, postgresWanted } from '../postgres.ts';
import { call, loginDemo, makeApp } from './helpers.ts';

describe.runIf(postgresWanted())('two instances on one PostgreSQL database', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let one: FastifyInstance;
  let two: FastifyInstance;

  beforeAll(async () => {
    database = await freshDatabase();
    one = await makeApp({}, { databaseUrl: database.url });
    two = await makeApp({}, { databaseUrl: database.url });
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
    await database?.drop();
  });

  it('a token signed out on one instance is refused by the other at its next request', async () => {
    const token = await loginDemo(one);
    // The other instance has looked it up (and, were it cached, would trust it now).
    expect((await call(two, 'GET', '/user/profile', { token })).statusCode).toBe(200);
    expect((await call(one, 'GET', '/user/logout', { token })).statusCode).toBe(200);
    const after = await call(two, 'GET', '/user/profile', { token });
    expect(after.statusCode).toBe(401);
    expect(after.body).toEqual({ status: 401, message: 'Please log in first.' });
  });
});
