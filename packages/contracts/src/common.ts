import { z } from 'zod';
import { RuleMessages } from './messages.ts';

/** The error body every failing call answers with (architecture §Server). */
export const ApiErrorSchema = z
  .object({
    statusCode: z.number().int(),
    error: z.string(),
    message: z.string(),
    errorCode: z.string().optional(),
    errors: z.record(z.string(), z.array(z.string())).optional(),
    issues: z
      .array(
        z.object({
          field: z.string(),
          code: z.string(),
          params: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
        }),
      )
      .optional()
      .describe(
        'The validation failures as codes with parameters (too_big with maximum, too_small with minimum...), for clients to word in their language',
      ),
    requestId: z.string(),
  })
  .describe('Error answer: the specification message, an optional stable code and per-field messages');
export type ApiError = z.infer<typeof ApiErrorSchema>;

/** The largest id either database holds: ids are PostgreSQL `integer`s (SQLite's stay below). */
export const MAX_ID = 2_147_483_647;

/**
 * An id in a path, a query or a body: a canonical positive integer within the database's range.
 * "00001", "+1", "1e3" and " 1" are refused, not read as 1, and ids above the range are a 400,
 * not a database error (issue 12).
 */
export const IdSchema = z
  .union([
    z.number(),
    z
      .string()
      .regex(/^[1-9][0-9]{0,9}$/, RuleMessages.wholeNumber)
      .transform(Number),
  ])
  .pipe(z.number().int().min(1).max(MAX_ID));

/** Why text with a NUL character is refused: PostgreSQL cannot store it. */
export const NUL_IN_TEXT_MESSAGE = RuleMessages.nulInText;

/** Text as a person sends it; every text field of a request is built on this (issue 12). */
export function userText() {
  return z.string().refine((value) => !value.includes('\u0000'), NUL_IN_TEXT_MESSAGE);
}

/** A name others read: no control or invisible (zero-width, bidi override) characters either. */
export function visibleName() {
  return userText().refine((value) => !/[\p{Cc}\p{Cf}]/u.test(value), RuleMessages.invisibleInName);
}

export const PageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});

/** `ids=1,2,3` or repeated `ids=1&ids=2`, as a list of positive integers. */
export const IdListQuerySchema = z.preprocess((value) => {
  if (value === undefined || value === '') return undefined;
  const parts = Array.isArray(value) ? value : String(value).split(',');
  // Each part is checked as an id (canonical digits) below.
  return parts.map((part) => String(part).trim()).filter((part) => part !== '');
}, z.array(IdSchema).max(500).optional());

/** Trimmed search text; an empty search is the same as none (spec 01 §5). */
export const SearchQuerySchema = userText()
  .max(200)
  .transform((value) => value.trim())
  .optional()
  .transform((value) => (value === '' ? undefined : value));

export function pagedSchema<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
    totalPages: z.number().int(),
  });
}

export type Paged<T> = { data: T[]; total: number; page: number; limit: number; totalPages: number };

export const HealthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ reachable: z.boolean(), dialect: z.enum(['sqlite', 'postgres']) }),
  version: z.string(),
});
export type Health = z.infer<typeof HealthSchema>;

/** `/api/ready`: whether this instance should get traffic, and each reason it should not. */
export const ReadinessSchema = z.object({
  status: z.enum(['ready', 'not-ready']),
  checks: z.object({
    database: z.enum(['ok', 'unreachable']),
    migrations: z.enum(['ok', 'pending']),
    lifecycle: z.enum(['running', 'stopping']),
  }),
});
export type Readiness = z.infer<typeof ReadinessSchema>;
