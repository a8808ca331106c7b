import { z } from 'zod';
import { BookingModeSchema, ResourceBookingSettingsSchema } from './bookings.ts';
import {
  IdListQuerySchema,
  IdSchema,
  PageQuerySchema,
  pagedSchema,
  SearchQuerySchema,
  userText,
  visibleName,
} from './common.ts';
import { DESCRIPTION_MAX_LENGTH, NAME_MAX_LENGTH } from './limits.ts';
import { ResourceMessages } from './resource-messages.ts';

/** Uploaded images: at most this many bytes, of these types (spec 02 §5, §9). */
export const RESOURCE_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const RESOURCE_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** A query-string or form-field boolean: only the words true and false. */
export const BooleanFieldSchema = z.enum(['true', 'false']).transform((value) => value === 'true');

export const DocumentationTypeSchema = z.enum(['markdown', 'url']);
export type DocumentationType = z.infer<typeof DocumentationTypeSchema>;

export const ResourceGroupRefSchema = z.object({ id: z.number().int(), name: z.string() });

/** At most about 19 years of days or minutes: enough for any rule, small enough for any column. */
export const RULE_NUMBER_MAX = 9_999_999;

/** Who marked a resource out of order, why and since when (decision 21). */
export const OutOfOrderSchema = z
  .object({
    reason: z.string(),
    since: z.iso.datetime(),
    by: z.object({ id: z.number().int(), username: z.string() }).nullable(),
  })
  .describe('Set while out of order');
export type OutOfOrder = z.infer<typeof OutOfOrderSchema>;

export const ResourceSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string().nullable(),
    imageFilename: z.string().nullable().describe('Served at /api/resources/images/{imageFilename}'),
    allowTakeOver: z.boolean(),
    documentationType: DocumentationTypeSchema.nullable(),
    documentationMarkdown: z.string().nullable(),
    documentationUrl: z.string().nullable(),
    groups: z.array(ResourceGroupRefSchema),
    maxSessionMinutes: z
      .number()
      .int()
      .nullable()
      .describe('A session ends automatically after this many minutes; null: no limit'),
    introductionValidForDays: z
      .number()
      .int()
      .nullable()
      .describe('An introduction lapses this many days after its grant; null: never'),
    introductionExpiresAfterUnusedDays: z
      .number()
      .int()
      .nullable()
      .describe('An introduction lapses after this many days without a session of its member; null: never'),
    outOfOrder: OutOfOrderSchema.nullable(),
  })
  .extend(ResourceBookingSettingsSchema.shape)
  .describe('A shared machine or tool');
export type Resource = z.infer<typeof ResourceSchema>;

export const ResourcePageSchema = pagedSchema(ResourceSchema);

export const ResourceIdParamsSchema = z.object({ id: IdSchema });
export const ResourceIdPathSchema = z.object({ resourceId: IdSchema });

export const UNGROUPED = -1;

export const ListResourcesQuerySchema = PageQuerySchema.extend({
  search: SearchQuerySchema,
  groupId: z
    .union([z.literal(String(UNGROUPED)).transform(() => UNGROUPED), IdSchema])
    .describe('A group id, or -1 for ungrouped resources')
    .optional(),
  ids: IdListQuerySchema,
  onlyInUseByMe: BooleanFieldSchema.default(false),
  onlyWithPermissions: BooleanFieldSchema.default(false),
});
export type ListResourcesQuery = z.infer<typeof ListResourcesQuerySchema>;

const ResourceNameSchema = visibleName().trim().min(1, 'Name is required.').max(NAME_MAX_LENGTH);
/** An empty description is the same as none. */
const ResourceDescriptionSchema = userText()
  .trim()
  .max(DESCRIPTION_MAX_LENGTH)
  .transform((value) => (value === '' ? null : value));

/** A form field of a rule: a positive whole number, or empty for none (null). */
export const RuleNumberFieldSchema = z
  .string()
  .trim()
  .refine((value) => value === '' || (/^[0-9]{1,7}$/.test(value) && Number(value) >= 1), {
    message: ResourceMessages.positiveWholeNumber,
  })
  .transform((value) => (value === '' ? null : Number(value)));

/** The same rule in a JSON body: a positive whole number, or null (or absent) for none. */
export const RuleNumberSchema = z
  .number({ error: ResourceMessages.positiveWholeNumber })
  .int(ResourceMessages.positiveWholeNumber)
  .min(1, ResourceMessages.positiveWholeNumber)
  .max(RULE_NUMBER_MAX, ResourceMessages.positiveWholeNumber)
  .nullable();

const ruleFields = {
  maxSessionMinutes: RuleNumberFieldSchema.optional(),
  introductionValidForDays: RuleNumberFieldSchema.optional(),
  introductionExpiresAfterUnusedDays: RuleNumberFieldSchema.optional(),
  bookingMode: BookingModeSchema.optional(),
  bookingSlotMinutes: RuleNumberFieldSchema.optional(),
  bookingMinMinutes: RuleNumberFieldSchema.optional(),
  bookingMaxMinutes: RuleNumberFieldSchema.optional(),
  bookingHorizonDays: RuleNumberFieldSchema.optional(),
  bookingMaxHoursPerWeek: RuleNumberFieldSchema.optional(),
};

/** Text fields of the multipart create form; the file field is `image`. */
export const CreateResourceFieldsSchema = z.object({
  name: ResourceNameSchema,
  description: ResourceDescriptionSchema.optional(),
  allowTakeOver: BooleanFieldSchema.optional(),
  ...ruleFields,
});
export type CreateResourceFields = z.infer<typeof CreateResourceFieldsSchema>;

/** Text fields of the multipart update form: absent fields keep their value. */
export const UpdateResourceFieldsSchema = z.object({
  name: ResourceNameSchema.optional(),
  description: ResourceDescriptionSchema.optional(),
  allowTakeOver: BooleanFieldSchema.optional(),
  deleteImage: BooleanFieldSchema.optional(),
  ...ruleFields,
});
export type UpdateResourceFields = z.infer<typeof UpdateResourceFieldsSchema>;

/** The image file of the resource forms; the server checks the format by content, not by name or type. */
export const ResourceImageFileSchema = z
  .file()
  .max(RESOURCE_IMAGE_MAX_BYTES)
  .describe('JPEG, PNG or WebP, at most 10 MB; stored re-encoded as WebP');

/** POST /api/resources: a multipart/form-data body of the text fields and an optional `image` file. */
export const CreateResourceFormSchema = CreateResourceFieldsSchema.extend({
  image: ResourceImageFileSchema.optional(),
});

/** PUT /api/resources/{id}: a multipart/form-data body; a new `image` replaces the old one. */
export const UpdateResourceFormSchema = UpdateResourceFieldsSchema.extend({
  image: ResourceImageFileSchema.optional(),
});

const HttpUrlSchema = z
  .string()
  .trim()
  .refine((value) => {
    try {
      const url = new URL(value);
      // The page is embedded in a frame; other protocols (javascript:, data:) are refused.
      return url.protocol === 'http:' || url.protocol === 'https:';
    } catch {
      return false;
    }
  }, ResourceMessages.invalidUrl);

/**
 * Documentation update: the content of the other type is cleared (spec 02 §4). An empty type
 * (null or '') removes the documentation.
 */
export const UpdateDocumentationBodySchema = z
  .object({
    documentationType: z
      .union([DocumentationTypeSchema, z.literal(''), z.null()])
      .transform((value) => (value === '' ? null : value)),
    documentationMarkdown: userText().max(200_000).nullable().optional(),
    documentationUrl: userText().max(2_000).nullable().optional(),
  })
  .superRefine((value, context) => {
    if (value.documentationType === 'markdown' && !value.documentationMarkdown?.trim()) {
      context.addIssue({
        code: 'custom',
        path: ['documentationMarkdown'],
        message: ResourceMessages.markdownRequired,
      });
    }
    if (value.documentationType === 'url') {
      if (!value.documentationUrl?.trim()) {
        context.addIssue({
          code: 'custom',
          path: ['documentationUrl'],
          message: ResourceMessages.urlRequired,
        });
      } else if (!HttpUrlSchema.safeParse(value.documentationUrl).success) {
        context.addIssue({
          code: 'custom',
          path: ['documentationUrl'],
          message: ResourceMessages.invalidUrl,
        });
      }
    }
  });
export type UpdateDocumentationBody = z.infer<typeof UpdateDocumentationBodySchema>;

/** Stored image names are random hex with the .webp suffix; nothing else is ever served. */
export const ResourceImageParamsSchema = z.object({
  imageFilename: z.string().regex(/^[a-f0-9]{32}\.webp$/),
});

/** PUT /api/resources/{id}/out-of-order (decision 21). */
export const MarkOutOfOrderBodySchema = z.object({
  reason: userText().trim().min(1, ResourceMessages.reasonRequired).max(DESCRIPTION_MAX_LENGTH),
  endRunningSession: z.boolean().optional().default(false).describe('End the session running now'),
});
export type MarkOutOfOrderBody = z.infer<typeof MarkOutOfOrderBodySchema>;

/** An entry of a resource's out-of-order history, newest first. */
export const ResourceStatusChangeSchema = z.object({
  id: z.number().int(),
  outOfOrder: z.boolean().describe('true: marked out of order; false: back in service'),
  reason: z.string().nullable(),
  by: z.object({ id: z.number().int(), username: z.string() }).nullable(),
  createdAt: z.iso.datetime(),
});
export type ResourceStatusChange = z.infer<typeof ResourceStatusChangeSchema>;
