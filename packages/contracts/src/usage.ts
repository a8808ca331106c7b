import { z } from 'zod';
import { IdSchema, PageQuerySchema, pagedSchema, userText } from './common.ts';
import { NOTES_MAX_LENGTH } from './limits.ts';

/** Users in usage data and events carry id and username only (architecture §Security). */
export const UserRefSchema = z.object({ id: z.number().int(), username: z.string() });
export type UserRef = z.infer<typeof UserRefSchema>;

export const UsageSessionSchema = z
  .object({
    id: z.number().int(),
    resourceId: z.number().int(),
    userId: z.number().int(),
    user: UserRefSchema,
    startTime: z.iso.datetime(),
    endTime: z.iso.datetime().nullable(),
    usageInMinutes: z.number().describe('Minutes used; negative while the session is running'),
    startNotes: z.string().nullable(),
    endNotes: z.string().nullable(),
    endedBy: UserRefSchema.nullable().describe(
      'Who ended the session: its user, or a manager or introducer who ended it for them; null while running',
    ),
  })
  .describe('A timed use of a resource by one user');
export type UsageSession = z.infer<typeof UsageSessionSchema>;

const NotesSchema = userText()
  .trim()
  .max(NOTES_MAX_LENGTH)
  .transform((value) => (value === '' ? null : value))
  .nullable()
  .optional();

export const StartUsageBodySchema = z
  .object({
    notes: NotesSchema,
    forceTakeOver: z.boolean().optional().describe("Take over another user's running session"),
  })
  // A request without a body arrives as null.
  .nullish();
export type StartUsageBody = z.infer<typeof StartUsageBodySchema>;

export const EndUsageBodySchema = z.object({ notes: NotesSchema }).nullish();
export type EndUsageBody = z.infer<typeof EndUsageBodySchema>;

export const UsageHistoryQuerySchema = PageQuerySchema.extend({ userId: IdSchema.optional() });
export type UsageHistoryQuery = z.infer<typeof UsageHistoryQuerySchema>;

export const UsageHistoryPageSchema = pagedSchema(UsageSessionSchema);
export const ActiveUsageSchema = z.object({ usage: UsageSessionSchema.nullable() });
export const CanControlSchema = z.object({
  canControl: z.boolean(),
  // Decision 21: when the caller's own introduction lapses or lapsed.
  introductionExpiresAt: z.iso.datetime().nullable().optional(),
  introductionLapsed: z.boolean().optional(),
});
export type CanControl = z.infer<typeof CanControlSchema>;
