import { describe, expect, it } from 'vitest';
import type { ChangeScope } from './change-scopes.ts';
import { createReadCache } from './read-cache.ts';

function counter() {
  let changes = 0;
  let accountChanges = 0;
  return {
    changes: (scope: ChangeScope = 'all') => (scope === 'accounts' ? accountChanges : changes),
    change: () => (changes += 1),
    changeAccounts: () => {
      changes += 1;
      accountChanges += 1;
    },
  };
}

/** A load that counts its calls and resolves when told to. */
function loader<T>(value: T) {
  let calls = 0;
  return {
    calls: () => calls,
    load: () => {
      calls += 1;
      return Promise.resolve(structuredClone(value));
    },
  };
}

describe('read cache', () => {
  it('answers from memory until the database changes', async () => {
    const db = counter();
    const cache = createReadCache({ counter: db, maxEntries: 10 });
    const rows = loader({ names: ['a'] });
    const first = await cache.read('k', rows.load);
    expect(await cache.read('k', rows.load)).toBe(first);
    expect(rows.calls()).toBe(1);

    db.change();
    expect(await cache.read('k', rows.load)).toEqual({ names: ['a'] });
    expect(rows.calls()).toBe(2);
  });

  it('answers a read that saw a change while it ran, but does not keep it', async () => {
    const db = counter();
    const cache = createReadCache({ counter: db, maxEntries: 10 });
    let calls = 0;
    const load = async () => {
      calls += 1;
      // A write lands between the statements of a read of several queries.
      if (calls === 1) db.change();
      return calls;
    };
    expect(await cache.read('k', load)).toBe(1);
    expect(await cache.read('k', load)).toBe(2);
    expect(await cache.read('k', load)).toBe(2);
  });

  it('shares one load between identical reads at the same moment', async () => {
    const cache = createReadCache({ counter: counter(), maxEntries: 10 });
    const rows = loader([1, 2]);
    const answers = await Promise.all(Array.from({ length: 5 }, () => cache.read('k', rows.load)));
    expect(rows.calls()).toBe(1);
    expect(new Set(answers).size).toBe(1);
  });

  it('does not keep a failed read', async () => {
    const cache = createReadCache({ counter: counter(), maxEntries: 10 });
    let calls = 0;
    const load = async () => {
      calls += 1;
      if (calls === 1) throw new Error('database busy');
      return 'ok';
    };
    await expect(cache.read('k', load)).rejects.toThrow('database busy');
    expect(await cache.read('k', load)).toBe('ok');
  });

  it('drops the least recently used answer beyond its size', async () => {
    const cache = createReadCache({ counter: counter(), maxEntries: 2 });
    const a = loader('a');
    const b = loader('b');
    const c = loader('c');
    await cache.read('a', a.load);
    await cache.read('b', b.load);
    await cache.read('a', a.load);
    await cache.read('c', c.load);
    await cache.read('a', a.load);
    await cache.read('b', b.load);
    expect([a.calls(), b.calls(), c.calls()]).toEqual([1, 2, 1]);
  });

  it('freezes cached answers all the way down, so no caller can change what the next one reads', async () => {
    const cache = createReadCache({ counter: counter(), maxEntries: 10 });
    const answer = await cache.read('k', async () => ({ data: [{ id: 1, groups: [{ id: 2 }] }] }));
    expect(Object.isFrozen(answer)).toBe(true);
    expect(Object.isFrozen(answer.data[0]?.groups[0])).toBe(true);
    expect(() => {
      (answer.data as { id: number }[]).push({ id: 3 });
    }).toThrow(TypeError);
  });

  it('keeps answers of the accounts scope through changes to other tables only', async () => {
    const db = counter();
    const accounts = createReadCache({ counter: db, maxEntries: 10, scope: 'accounts' });
    const everything = createReadCache({ counter: db, maxEntries: 10 });
    const holder = loader({ id: 1 });
    const listing = loader({ id: 2 });
    await accounts.read('k', holder.load);
    await everything.read('k', listing.load);

    db.change();
    await accounts.read('k', holder.load);
    await everything.read('k', listing.load);
    expect(holder.calls()).toBe(1);
    expect(listing.calls()).toBe(2);

    db.changeAccounts();
    await accounts.read('k', holder.load);
    await everything.read('k', listing.load);
    expect(holder.calls()).toBe(2);
    expect(listing.calls()).toBe(3);
  });

  it('reads the database every time without a change counter (PostgreSQL)', async () => {
    const cache = createReadCache({ counter: undefined, maxEntries: 10 });
    const rows = loader({ id: 1 });
    const first = await cache.read('k', rows.load);
    await cache.read('k', rows.load);
    expect(rows.calls()).toBe(2);
    expect(Object.isFrozen(first)).toBe(false);
  });
});
