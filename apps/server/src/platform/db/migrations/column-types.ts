import type { ColumnDataType, ColumnDefinitionBuilder, Expression } from 'kysely';
import type { Dialect } from '../database.ts';

/** The few column types that differ between the dialects, in one place. */
export function columnTypes(dialect: Dialect) {
  return {
    id: (dialect === 'postgres' ? 'serial' : 'integer') as ColumnDataType,
    /** Primary key of an `id` column; SQLite's AUTOINCREMENT keeps ids of deleted rows from being reused. */
    primaryId: (column: ColumnDefinitionBuilder) =>
      dialect === 'postgres' ? column.primaryKey() : column.primaryKey().autoIncrement(),
    timestamp: (dialect === 'postgres' ? 'timestamptz' : 'text') as ColumnDataType,
    boolean: (dialect === 'postgres' ? 'boolean' : 'integer') as ColumnDataType,
    text: 'text' as ColumnDataType,
    falseValue: (dialect === 'postgres' ? false : 0) as unknown as Expression<unknown>,
  };
}
