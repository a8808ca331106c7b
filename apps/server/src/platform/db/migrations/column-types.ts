import type { ColumnDataType, Expression } from 'kysely';
import type { Dialect } from '../database.ts';

/** The few column types that differ between the dialects, in one place. */
export function columnTypes(dialect: Dialect) {
  return {
    id: (dialect === 'postgres' ? 'serial' : 'integer') as ColumnDataType,
    timestamp: (dialect === 'postgres' ? 'timestamptz' : 'text') as ColumnDataType,
    boolean: (dialect === 'postgres' ? 'boolean' : 'integer') as ColumnDataType,
    text: 'text' as ColumnDataType,
    falseValue: (dialect === 'postgres' ? false : 0) as unknown as Expression<unknown>,
  };
}
