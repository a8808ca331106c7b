import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../../test/test-database.ts';
import { preparingClient, sendWithNext } from './pg-prepared-statements.ts';
import { reusableQuery } from './reusable-query.ts';

type Probe = { prepared_probe: { id: number; label: string; amount: number } };

/** The statements PostgreSQL keeps prepared on the connection of `db`. */
async function preparedOn(db: Kysely<Probe>): Promise<string[]> {
  const { rows } = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(db);
  return rows.map((row) => row.statement);
}

describe.each(TEST_DIALECTS.filter((dialect) => dialect === 'postgres'))(
  'prepared statements on %s',
  (dialect) => {
    let database: TestDatabase;
    let db: Kysely<Probe>;
    beforeAll(async () => {
      database = await createTestDatabase(dialect);
      db = database.db as unknown as Kysely<Probe>;
      await sql`create table prepared_probe (id integer primary key, label text not null, amount integer not null)`.execute(
        db,
      );
      await sql`insert into prepared_probe values (1, 'drill', 3), (2, 'lathe', 5)`.execute(db);
    });
    afterAll(() => database?.drop());

    it('prepares a reusable query once on a connection and runs it by name after that', async () => {
      const byId = reusableQuery<Probe, { id: number }, { label: string }>(db, ['id'], (kysely, p) =>
        kysely.selectFrom('prepared_probe').select('label').where('id', '=', p.id),
      );
      const text = db.selectFrom('prepared_probe').select('label').where('id', '=', 0).compile().sql;
      await db.connection().execute(async (connection) => {
        expect(await byId(connection, { id: 1 })).toEqual([{ label: 'drill' }]);
        expect(await byId(connection, { id: 2 })).toEqual([{ label: 'lathe' }]);
        expect((await preparedOn(connection)).filter((statement) => statement === text)).toHaveLength(1);
      });
    });

    it('plans a query whose rows grow with their table (select *) each time', async () => {
      const all = reusableQuery<Probe, { id: number }, Probe['prepared_probe']>(db, ['id'], (kysely, p) =>
        kysely.selectFrom('prepared_probe').selectAll().where('id', '=', p.id),
      );
      await db.connection().execute(async (connection) => {
        expect(await all(connection, { id: 2 })).toEqual([{ id: 2, label: 'lathe', amount: 5 }]);
        expect((await preparedOn(connection)).some((statement) => statement.includes('*'))).toBe(false);
      });
    });

    it('fails a statement once on a connection after a migration changed its row type, then plans it afresh', async () => {
      const amountOf = reusableQuery<Probe, { id: number }, { amount: unknown }>(db, ['id'], (kysely, p) =>
        kysely.selectFrom('prepared_probe').select('amount').where('id', '=', p.id),
      );
      await db.connection().execute(async (connection) => {
        expect(await amountOf(connection, { id: 1 })).toEqual([{ amount: 3 }]);
        // Another instance's migration, on another connection, while this one keeps its plan.
        await database.db.transaction().execute(async (tx) => {
          await sql`alter table prepared_probe alter column amount type text`.execute(tx);
        });
        await expect(amountOf(connection, { id: 1 })).rejects.toMatchObject({ code: '0A000' });
        expect(await amountOf(connection, { id: 1 })).toEqual([{ amount: '3' }]);
        expect(await amountOf(connection, { id: 2 })).toEqual([{ amount: '5' }]);
      });
    });

    it('commits, rolls back and runs an empty transaction, BEGIN sent without waiting for its answer', async () => {
      await db.transaction().execute(async (tx) => {
        await sql`update prepared_probe set label = 'mill' where id = 2`.execute(tx);
      });
      await expect(
        db.transaction().execute(async (tx) => {
          await sql`update prepared_probe set label = 'saw' where id = 2`.execute(tx);
          throw new Error('changed my mind');
        }),
      ).rejects.toThrow('changed my mind');
      // A transaction that runs no statement still begins and commits.
      await db.transaction().execute(async () => undefined);
      const { rows } = await sql<{ label: string }>`select label from prepared_probe where id = 2`.execute(
        db,
      );
      expect(rows).toEqual([{ label: 'mill' }]);
    });

    it('writes a BEGIN, or a statement sent with the next, to the socket together with the statement after it', async () => {
      const client = new (preparingClient(pg))({ connectionString: database.databaseUrl });
      await client.connect();
      try {
        // The socket's own write calls: one per system call it makes.
        const socket = client.connection.stream as unknown as {
          _write: (...args: unknown[]) => unknown;
          _writev: (...args: unknown[]) => unknown;
        };
        let writes = 0;
        for (const method of ['_write', '_writev'] as const) {
          const original = socket[method].bind(socket);
          socket[method] = (...args: unknown[]) => {
            writes += 1;
            return original(...args);
          };
        }
        const begun = client.query('begin', []);
        const label = client.query('select label from prepared_probe where id = $1', [1]);
        await Promise.all([begun, label]);
        expect(writes).toBe(1);
        expect((await label).rows).toEqual([{ label: 'drill' }]);

        // A transaction that waits before its first statement: BEGIN leaves on its own.
        writes = 0;
        await client.query('commit', []);
        const alone = client.query('begin', []);
        await new Promise((resolve) => setTimeout(resolve, 20));
        expect(writes).toBe(2);
        await alone;

        // A statement whose sender goes on without its answer (the event write before COMMIT).
        const lastWrite = 'update prepared_probe set label = $1 where id = $2';
        sendWithNext(lastWrite);
        writes = 0;
        const updated = client.query(lastWrite, ['drill press', 1]);
        const committed = client.query('commit', []);
        await Promise.all([updated, committed]);
        expect(writes).toBe(1);
        expect((await client.query('select label from prepared_probe where id = 1', [])).rows).toEqual([
          { label: 'drill press' },
        ]);
        // Nothing follows: it leaves at the end of the turn.
        await client.query('begin', []);
        writes = 0;
        const alsoAlone = client.query(lastWrite, ['drill', 1]);
        await new Promise((resolve) => setTimeout(resolve, 20));
        expect(writes).toBe(1);
        await alsoAlone;
        await client.query('commit', []);
      } finally {
        await client.end();
      }
    });
  },
);
