import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openDatabase, type OpenedDatabase } from '../../server/db/database.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { prepared } from '../../server/db/prepared.ts';

let opened: OpenedDatabase;
beforeAll(async () => {
  opened = openDatabase(':memory:');
  await migrateToLatest(opened.db);
  await opened.db.insertInto('settings').values([{ key: 'a', value: '1' }, { key: 'b', value: '2' }]).execute();
});
afterAll(async () => {
  await opened.close();
});

describe('prepared queries', () => {
  it('runs one compiled query with each call\'s values', async () => {
    const { db } = opened;
    const byKey = prepared(db, (key: string) => db.selectFrom('settings').select('value').where('key', '=', key), 1);
    expect((await byKey(db, 'a')).rows).toEqual([{ value: '1' }]);
    expect((await byKey(db, 'b')).rows).toEqual([{ value: '2' }]);
    expect((await byKey(db, 'zzz')).rows).toEqual([]);
    // and inside a transaction, on its connection
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('settings').values({ key: 'c', value: '3' }).execute();
      expect((await byKey(trx, 'c')).rows).toEqual([{ value: '3' }]);
    });
  });

  it('refuses a query that does not bind every argument (one would be silently ignored)', async () => {
    const { db } = opened;
    const bad = prepared(db, (key: string, _value: string) => db.selectFrom('settings').select('value').where('key', '=', key), 2);
    await expect(bad(db, 'a', '1')).rejects.toThrow(/1 of 2 arguments are not bound parameters/);
  });

  it('refuses an argument used as SQL rather than a value', async () => {
    const { db } = opened;
    const bad = prepared(db, (column: string) => db.selectFrom('settings').select('value').where(sql.ref(column), '=', 'a'), 1);
    await expect(bad(db, 'key')).rejects.toThrow();
  });
});
