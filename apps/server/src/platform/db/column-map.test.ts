import { describe, expect, it } from 'vitest';
import { columnMap } from './column-map.ts';
import { readBool, readDate } from './db-values.ts';

type Table = {
  id: number;
  display_name: string;
  note: string | null;
  on: boolean | number;
  at: Date | string;
  tags: string;
};
type Thing = { id: number; name: string; note: string | null; on: boolean; at: Date; tags: string[] };

const things = columnMap<Table, Thing>()({
  id: 'id',
  name: 'display_name',
  note: 'note',
  on: { column: 'on', read: readBool },
  at: { column: 'at', read: readDate },
  tags: {
    column: 'tags',
    read: (stored) => JSON.parse(stored) as string[],
    write: (tags) => JSON.stringify(tags),
  },
});

describe('columnMap', () => {
  it('lists every column once, in the order of the fields', () => {
    expect(things.columns).toEqual(['id', 'display_name', 'note', 'on', 'at', 'tags']);
  });

  it('reads a row as SQLite returns it (0/1, ISO text) into the record', () => {
    expect(
      things.read({
        id: 3,
        display_name: 'Laser',
        note: null,
        on: 1,
        at: '2026-01-02T03:04:05.000Z',
        tags: '["a"]',
      }),
    ).toEqual({
      id: 3,
      name: 'Laser',
      note: null,
      on: true,
      at: new Date('2026-01-02T03:04:05.000Z'),
      tags: ['a'],
    });
  });

  it('writes every field but the id for an insert, encoded where the map says', () => {
    const at = new Date('2026-01-02T03:04:05.000Z');
    expect(things.insert({ name: 'Laser', note: null, on: false, at, tags: [] })).toEqual({
      display_name: 'Laser',
      note: null,
      on: false,
      at,
      tags: '[]',
    });
  });

  it('writes only the fields given for an update: null clears, absent keeps', () => {
    expect(things.update({ note: null, tags: ['b'] })).toEqual({ note: null, tags: '["b"]' });
    expect(things.update({})).toEqual({});
  });
});
