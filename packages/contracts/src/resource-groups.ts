import { z } from 'zod';
import { IdSchema, userText, visibleName } from './common.ts';
import { DESCRIPTION_MAX_LENGTH, NAME_MAX_LENGTH } from './limits.ts';
import { RuleNumberSchema } from './resources.ts';

export const ResourceGroupSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string().nullable(),
    introductionValidForDays: z
      .number()
      .int()
      .nullable()
      .describe('An introduction to the group lapses this many days after its grant; null: never'),
    introductionExpiresAfterUnusedDays: z
      .number()
      .int()
      .nullable()
      .describe(
        'An introduction to the group lapses after this many days without a session on its resources',
      ),
  })
  .describe('A named set of resources; introductions and introducers can be given per group');
export type ResourceGroup = z.infer<typeof ResourceGroupSchema>;

/** Name required and trimmed; description trimmed, empty meaning none (spec 01 §2). */
export const ResourceGroupBodySchema = z.object({
  name: visibleName().trim().min(1, 'Name is required.').max(NAME_MAX_LENGTH),
  description: userText()
    .trim()
    .max(DESCRIPTION_MAX_LENGTH)
    .nullable()
    .optional()
    .transform((value) => (value ? value : null)),
  /** Absent: unchanged on update, none on create. */
  introductionValidForDays: RuleNumberSchema.optional(),
  introductionExpiresAfterUnusedDays: RuleNumberSchema.optional(),
});
export type ResourceGroupBody = z.infer<typeof ResourceGroupBodySchema>;

export const ResourceGroupIdParamsSchema = z.object({ id: IdSchema });
export const ResourceGroupIdPathSchema = z.object({ groupId: IdSchema });
export const ResourceGroupMemberPathSchema = z.object({ groupId: IdSchema, resourceId: IdSchema });
