import { z } from 'zod';
import { userText } from './common.ts';
import { LanguageSchema } from './users.ts';

/**
 * The mails the app sends, each from an editable template (spec 02 §2, §3, §7). `email-changed`
 * is the notice to the old address after a change, whose link undoes it;
 * `introduction-reminder` tells a member that an introduction lapses soon (decision 21);
 * `wait-list-your-turn` that a resource is free and held for them (decision 23).
 */
export const EMAIL_TEMPLATE_TYPES = [
  'verify-email',
  'reset-password',
  'change-email',
  'email-changed',
  'introduction-reminder',
  'wait-list-your-turn',
] as const;
export const EmailTemplateTypeSchema = z.enum(EMAIL_TEMPLATE_TYPES);
export type EmailTemplateType = z.infer<typeof EmailTemplateTypeSchema>;

/** The `{{name}}` variables each template is given when a mail is sent. */
export const EMAIL_TEMPLATE_VARIABLES: Record<EmailTemplateType, readonly string[]> = {
  'verify-email': ['user.username', 'user.email', 'url', 'host'],
  'reset-password': ['user.username', 'url', 'host'],
  'change-email': ['user.username', 'newEmail', 'url', 'host'],
  'email-changed': ['user.username', 'newEmail', 'url', 'host'],
  'introduction-reminder': ['user.username', 'name', 'expiresAt', 'daysLeft', 'url', 'host'],
  'wait-list-your-turn': ['user.username', 'name', 'heldUntil', 'minutes', 'url', 'host'],
};

export const EMAIL_SUBJECT_MAX_LENGTH = 200;
/** MJML of a template or a preview; generous for a mail, far below the request body limit. */
export const MJML_MAX_LENGTH = 200_000;

/** A render (preview, save check, mail) that runs longer is stopped (issue 26). */
export const MJML_RENDER_TIME_LIMIT_MS = 2_000;

export const EmailTemplateMessages = {
  notFound: 'Template not found',
  invalidMjml: 'Invalid MJML content',
  renderTooSlow: 'The template takes longer than 2 seconds to render',
  renderBusy: 'Too many templates are being rendered right now. Please try again in a moment.',
} as const;

export const EmailTemplateSchema = z
  .object({
    type: EmailTemplateTypeSchema,
    language: LanguageSchema.describe('The language of the mails sent from this template'),
    subject: z.string(),
    body: z.string().describe('MJML with {{variable}} placeholders'),
    variables: z.array(z.string()).describe('The variables this template is given'),
  })
  .describe('A mail template: subject and MJML body with the variables it may use');
export type EmailTemplate = z.infer<typeof EmailTemplateSchema>;

/** Any text in the path: an unknown type is a 404 "Template not found", not a validation error. */
export const EmailTemplateTypeParamsSchema = z.object({ type: z.string().max(100) });

/**
 * Each template exists once per interface language (decision 19). Without `language` the paths of
 * spec 02 §7 mean the English template, whatever DEFAULT_LANGUAGE says, so they always name the same one.
 */
export const EmailTemplateLanguageQuerySchema = z.object({
  language: LanguageSchema.default('en').describe('The template of this language; English when not given'),
});

/** A mail subject: one line (no control characters), required. */
const SubjectSchema = userText()
  .refine((value) => !/\p{Cc}/u.test(value), 'Must not contain line breaks or control characters.')
  .trim()
  .min(1, 'Subject is required.')
  .max(EMAIL_SUBJECT_MAX_LENGTH);

export const EmailTemplatePatchSchema = z
  .object({
    subject: SubjectSchema.optional(),
    body: userText().min(1, 'Body is required.').max(MJML_MAX_LENGTH).optional(),
  })
  .describe("The fields to change; a body that breaks MJML's rules is refused with the problems listed");
export type EmailTemplatePatch = z.infer<typeof EmailTemplatePatchSchema>;

export const PreviewMjmlBodySchema = z.object({
  mjmlContent: userText().max(MJML_MAX_LENGTH),
});
export type PreviewMjmlBody = z.infer<typeof PreviewMjmlBodySchema>;

/**
 * What is wrong with a template, by kind; `message` words it in English (MJML's own text for
 * its rules), `params` lets a client word it in its language.
 */
export const MJML_PROBLEM_CODES = [
  'misplacedTag',
  'unknownTag',
  'illegalAttributes',
  'unclosedTag',
  'unexpectedClosingTag',
  'strayText',
  'other',
] as const;
export const MjmlProblemSchema = z.object({
  line: z.number().int(),
  tagName: z.string(),
  code: z.enum(MJML_PROBLEM_CODES),
  params: z.record(z.string(), z.string()).optional(),
  message: z.string(),
});
export type MjmlProblem = z.infer<typeof MjmlProblemSchema>;
/** At most this many problems are listed: the first ones are what needs fixing first. */
export const MJML_MAX_PROBLEMS = 50;

/**
 * The rendered HTML with the problems MJML found (a template with problems is refused on save).
 * MJML that does not parse, or that takes longer than 2 s, is a 400 whose `message` says so.
 */
export const PreviewMjmlResultSchema = z.object({
  html: z.string(),
  errors: z.array(MjmlProblemSchema).describe('Where the MJML breaks its rules; empty when none'),
});
export type PreviewMjmlResult = z.infer<typeof PreviewMjmlResultSchema>;
