import { type RawBuilder, sql } from 'kysely';

/**
 * A LIKE operand matching values that contain `text` literally: %, _ and \ in the text are
 * escaped, and the ESCAPE clause is explicit because SQLite has no default escape character.
 */
export function containsPattern(text: string): RawBuilder<string> {
  const pattern = `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  return sql<string>`${pattern} escape '\\'`;
}
