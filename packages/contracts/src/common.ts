import { z } from 'zod';

/** The error body every failing call answers with (DESIGN §3). */
export const ApiErrorSchema = z
  .object({
    statusCode: z.number().int(),
    error: z.string(),
    message: z.string(),
    errorCode: z.string().optional(),
    errors: z.record(z.string(), z.array(z.string())).optional(),
    requestId: z.string(),
  })
  .describe('Error answer: the specification message, an optional stable code and per-field messages');
export type ApiError = z.infer<typeof ApiErrorSchema>;

export const IdSchema = z.coerce.number().int().positive();

export const PageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});

/** `ids=1,2,3` or repeated `ids=1&ids=2`, as a list of positive integers. */
export const IdListQuerySchema = z.preprocess((value) => {
  if (value === undefined || value === '') return undefined;
  const parts = Array.isArray(value) ? value : String(value).split(',');
  return parts.map((part) => String(part).trim()).filter((part) => part !== '');
}, z.array(IdSchema).max(500).optional());

/** Trimmed search text; an empty search is the same as none (spec 01 §5). */
export const SearchQuerySchema = z
  .string()
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
