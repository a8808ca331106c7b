import type { Insertable, Selectable } from 'kysely';

type ColumnName<Table> = keyof Selectable<Table> & string;

/** The columns of `Table` whose value, as read, is a `Value`: those a field of that type may be stored in as is. */
type ColumnsHolding<Table, Value> = {
  [C in ColumnName<Table>]: Selectable<Table>[C] extends Value ? C : never;
}[ColumnName<Table>];

/** A column read through `read` (and written through `write`) where the dialects differ or a value is encoded. */
type ConvertedColumn<Table, Value> = {
  [C in ColumnName<Table>]: {
    column: C;
    read(stored: Selectable<Table>[C]): Value;
    write?(value: Value): C extends keyof Insertable<Table> ? Insertable<Table>[C] : never;
  };
}[ColumnName<Table>];

type FieldColumns<Table, R> = {
  [K in keyof R]-?: ColumnsHolding<Table, R[K]> | ConvertedColumn<Table, R[K]>;
};

type ColumnOf<S> = S extends string ? S : S extends { column: infer C extends string } ? C : never;

/**
 * The one statement of how a record's fields are stored: which column each lives in, and how the
 * few that differ by dialect (booleans, timestamps) or are encoded (JSON) are read and written.
 * From it come the columns to select, the record a row is read into, and the columns a whole or
 * partial record writes, so reading, inserting and updating cannot drift apart.
 */
export function columnMap<Table, R>() {
  return <const F extends FieldColumns<Table, R>>(fields: F) => {
    type Column = ColumnOf<F[keyof F]>;
    const entries = Object.entries(fields as Record<string, string | ConvertedColumn<Table, unknown>>).map(
      ([field, stored]) =>
        typeof stored === 'string'
          ? { field, column: stored, read: (value: unknown) => value, write: (value: unknown) => value }
          : {
              field,
              column: stored.column as string,
              read: stored.read as (value: unknown) => unknown,
              write: (stored.write ?? ((value: unknown) => value)) as (value: unknown) => unknown,
            },
    );

    function write(record: Partial<R>): Record<string, unknown> {
      const columns: Record<string, unknown> = {};
      for (const { field, column, write: encode } of entries) {
        const value = record[field as keyof R];
        if (value !== undefined) columns[column] = encode(value);
      }
      return columns;
    }

    return {
      /** Every column of the record, to select or return. */
      columns: entries.map((entry) => entry.column) as Column[],

      /** A row of those columns as the record. */
      read(row: Pick<Selectable<Table>, Column & ColumnName<Table>>): R {
        const record: Record<string, unknown> = {};
        for (const { field, column, read } of entries) {
          record[field] = read((row as Record<string, unknown>)[column]);
        }
        return record as R;
      },

      /** The columns of a whole record but its id, which the database gives, for an insert. */
      insert: (record: Omit<R, 'id' & keyof R>) =>
        write(record as Partial<R>) as Pick<
          Insertable<Table>,
          Exclude<Column, 'id'> & keyof Insertable<Table>
        >,

      /** The columns of the fields given; a field left out keeps its value. */
      update: (changes: Partial<R>) => write(changes) as Partial<Insertable<Table>>,
    };
  };
}
