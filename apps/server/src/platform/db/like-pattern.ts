import { type RawBuilder, sql } from 'kysely';

/**
 * A LIKE operand matching values that contain `text` literally: %, _ and \ in the text are
 * escaped, and the ESCAPE clause is explicit because SQLite has no default escape character.
 */
export function containsPattern(text: string): RawBuilder<string> {
  return likeOperand(containsLikeText(text));
}

/** The `%text%` pattern alone, for statements compiled once that take it as a parameter. */
export function containsLikeText(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** A LIKE operand from a pattern of `containsLikeText` (a value or a placeholder). */
export function likeOperand(pattern: unknown): RawBuilder<string> {
  return sql<string>`${pattern} escape '\\'`;
}
