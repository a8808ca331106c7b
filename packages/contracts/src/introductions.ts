import { z } from 'zod';
import { IdSchema, userText } from './common.ts';
import { COMMENT_MAX_LENGTH } from './limits.ts';
import { UserRefSchema } from './usage.ts';

export const IntroducerSchema = z
  .object({ id: z.number().int(), userId: z.number().int(), user: UserRefSchema })
  .describe('A user who may introduce others to a resource or group');
export type Introducer = z.infer<typeof IntroducerSchema>;

export const IsIntroducerSchema = z.object({ isIntroducer: z.boolean() });

/** `lapse`: the grant before it lapsed (decision 21); written by the server, never by a call. */
export const IntroductionActionSchema = z.enum(['grant', 'revoke', 'lapse']);
export type IntroductionAction = z.infer<typeof IntroductionActionSchema>;

export const IntroductionHistoryEntrySchema = z.object({
  id: z.number().int(),
  createdAt: z.iso.datetime(),
  action: IntroductionActionSchema,
  comment: z.string().nullable(),
});
export type IntroductionHistoryEntry = z.infer<typeof IntroductionHistoryEntrySchema>;

export const IntroductionSchema = z
  .object({
    receiverUserId: z.number().int(),
    receiverUser: UserRefSchema,
    history: z.array(IntroductionHistoryEntrySchema).describe('Newest first'),
    hasValidIntroduction: z
      .boolean()
      .describe('True when the newest history entry is a grant that has not lapsed'),
    expiresAt: z.iso
      .datetime()
      .nullable()
      .describe(
        'When the valid grant lapses (or lapsed), by the rules of the resource or group; null: never',
      ),
  })
  .describe("A user's introduction to a resource or group, with its history");
export type Introduction = z.infer<typeof IntroductionSchema>;

/** Grant and revoke carry an optional comment; the body itself may be absent. */
export const IntroductionCommentBodySchema = z
  .object({
    comment: userText()
      .trim()
      .max(COMMENT_MAX_LENGTH)
      .nullable()
      .optional()
      .transform((value) => (value ? value : null)),
  })
  .nullish();

export const ResourceUserPathSchema = z.object({ resourceId: IdSchema, userId: IdSchema });
export const ResourceGroupUserPathSchema = z.object({ groupId: IdSchema, userId: IdSchema });
