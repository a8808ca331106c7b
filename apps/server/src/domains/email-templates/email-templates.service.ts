import {
  EMAIL_TEMPLATE_TYPES,
  EMAIL_TEMPLATE_VARIABLES,
  type EmailTemplate,
  EmailTemplateMessages,
  type EmailTemplatePatch,
  type EmailTemplateType,
  LANGUAGES,
  type Language,
  type MjmlProblem,
  type PreviewMjmlResult,
} from '@toolpass/contracts';
import { type AuditLog, diffFields } from '../../platform/audit/audit-log.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError, badRequest, notFound } from '../../platform/http/errors.ts';
import type { Logger } from '../../platform/logging/logger.ts';
import {
  createMjmlRenderer,
  MjmlParseError,
  type MjmlRenderer,
  MjmlRendererBusyError,
  type MjmlRendering,
  MjmlTooSlowError,
} from '../../platform/mjml/mjml-renderer.ts';
import { DEFAULT_EMAIL_TEMPLATES } from './default-email-templates.ts';
import type { EmailTemplatesRepository } from './email-templates.repository.ts';
import { createEmailRenderer, type RenderedEmail } from './render-email.ts';

function isTemplateType(type: string): type is EmailTemplateType {
  return (EMAIL_TEMPLATE_TYPES as readonly string[]).includes(type);
}

/**
 * A render that could not be done, as the editor's answer: the spec's message, or why not. Any
 * other failure (a worker that cannot start) is the server's and stays a 500.
 */
function renderRefusal(error: unknown): unknown {
  if (error instanceof MjmlRendererBusyError) return new AppError(503, EmailTemplateMessages.renderBusy);
  const message =
    error instanceof MjmlTooSlowError
      ? EmailTemplateMessages.renderTooSlow
      : error instanceof MjmlParseError
        ? EmailTemplateMessages.invalidMjml
        : undefined;
  // Spec 02 §7 names the preview's failure `error`; the message is the same text.
  return message ? badRequest(message, { error: message }) : error;
}

const problemLine = (problem: MjmlProblem) => `Line ${problem.line} (${problem.tagName}): ${problem.message}`;

function present(
  type: EmailTemplateType,
  language: Language,
  stored: { subject: string; body: string },
): EmailTemplate {
  return {
    type,
    language,
    subject: stored.subject,
    body: stored.body,
    variables: [...EMAIL_TEMPLATE_VARIABLES[type]],
  };
}

/**
 * Mail content: templates stored in the database once per language (decision 19), rendered from
 * MJML with variables.
 */
export function createEmailTemplatesService(deps: {
  db: Db;
  repo: EmailTemplatesRepository;
  clock: Clock;
  publicUrl: string;
  logger: Logger;
  /** The language of mails to someone who chose none (DEFAULT_LANGUAGE). */
  defaultLanguage: Language;
  /** The render workers; the service starts its own (and stops them on close) when not given. */
  mjml?: MjmlRenderer;
  audit: AuditLog;
}) {
  const host = new URL(deps.publicUrl).host;
  const mjml = deps.mjml ?? createMjmlRenderer();
  const emails = createEmailRenderer({ mjml, now: () => deps.clock.now().getTime() });

  /** The MJML as the editor shows it, HTML and its problems, or the refusal. */
  async function check(mjmlContent: string, withText = false): Promise<MjmlRendering> {
    try {
      return await mjml.render(mjmlContent, { withText });
    } catch (error) {
      throw renderRefusal(error);
    }
  }

  function knownType(type: string): EmailTemplateType {
    if (!isTemplateType(type)) throw notFound(EmailTemplateMessages.notFound);
    return type;
  }

  async function stored(type: EmailTemplateType, language: Language) {
    return (await deps.repo.find(deps.db, type, language)) ?? DEFAULT_EMAIL_TEMPLATES[language][type];
  }

  /** The recipient's language when it is one the templates exist in, else DEFAULT_LANGUAGE. */
  function mailLanguage(preferred: string | null | undefined): Language {
    return (LANGUAGES as readonly (string | null | undefined)[]).includes(preferred)
      ? (preferred as Language)
      : deps.defaultLanguage;
  }

  /** Saves a template and records what changed, in one transaction. */
  async function save(
    type: EmailTemplateType,
    language: Language,
    next: { subject: string; body: string },
    action: 'email-template.updated' | 'email-template.restored',
  ) {
    await deps.db.transaction().execute(async (tx) => {
      const before = (await deps.repo.find(tx, type, language)) ?? DEFAULT_EMAIL_TEMPLATES[language][type];
      await deps.repo.save(tx, type, language, next.subject, next.body, deps.clock.now());
      const changes = diffFields({ subject: before.subject, body: before.body }, next);
      // The target is the template type; its name says which language's version changed.
      if (Object.keys(changes).length > 0)
        await deps.audit.record(tx, {
          action,
          target: { type: 'email-template', id: type, name: `${type} (${language})` },
          changes,
        });
    });
  }

  return {
    async ensureDefaults(): Promise<void> {
      for (const language of LANGUAGES) {
        for (const type of EMAIL_TEMPLATE_TYPES) {
          const { subject, body } = DEFAULT_EMAIL_TEMPLATES[language][type];
          await deps.repo.insertMissing(deps.db, type, language, subject, body, deps.clock.now());
        }
      }
    },

    async list(language: Language): Promise<EmailTemplate[]> {
      const rows = new Map((await deps.repo.findAll(deps.db, language)).map((row) => [row.type, row]));
      return EMAIL_TEMPLATE_TYPES.map((type) =>
        present(type, language, rows.get(type) ?? DEFAULT_EMAIL_TEMPLATES[language][type]),
      );
    },

    async get(type: string, language: Language): Promise<EmailTemplate> {
      const known = knownType(type);
      return present(known, language, await stored(known, language));
    },

    /**
     * Saves the template; the next mail of this type uses it. A body that breaks MJML's rules,
     * does not parse or takes too long to render is refused with the reason.
     */
    async update(type: string, language: Language, patch: EmailTemplatePatch): Promise<EmailTemplate> {
      const known = knownType(type);
      if (patch.body !== undefined) {
        const rendering = await check(patch.body, true);
        if (rendering.problems.length > 0) {
          throw badRequest(EmailTemplateMessages.invalidMjml, {
            error: EmailTemplateMessages.invalidMjml,
            errors: { body: rendering.problems.map(problemLine) },
          });
        }
        // The next mails need not wait for a worker, however busy the editor keeps them.
        emails.keep(patch.body, rendering);
      }
      const current = await stored(known, language);
      const next = { subject: patch.subject ?? current.subject, body: patch.body ?? current.body };
      await save(known, language, next, 'email-template.updated');
      return present(known, language, next);
    },

    async restoreDefault(type: string, language: Language): Promise<EmailTemplate> {
      const known = knownType(type);
      const { subject, body } = DEFAULT_EMAIL_TEMPLATES[language][known];
      await save(known, language, { subject, body }, 'email-template.restored');
      return present(known, language, { subject, body });
    },

    /** The editor's live preview: the MJML as it is, variables left as written, and its problems. */
    async preview(mjmlContent: string): Promise<PreviewMjmlResult> {
      const { html, problems } = await check(mjmlContent);
      return { html, errors: problems };
    },

    /**
     * The mail of a type from its saved template in the recipient's language (the account's
     * choice, else DEFAULT_LANGUAGE). A saved template that fails to render (does not parse,
     * takes too long) falls back to the default of that language, logged, so the mail (a reset
     * link, a verification) is never lost.
     */
    async render(
      type: EmailTemplateType,
      recipientLanguage: string | null | undefined,
      variables: Record<string, string>,
    ): Promise<RenderedEmail> {
      const language = mailLanguage(recipientLanguage);
      const all = { host, ...variables };
      const saved = await deps.repo.find(deps.db, type, language);
      if (saved) {
        try {
          return await emails.render(saved, all);
        } catch (error) {
          deps.logger.warn(
            { err: error, templateType: type, language },
            'The saved email template failed to render; sending the default template instead',
          );
        }
      }
      return emails.render(DEFAULT_EMAIL_TEMPLATES[language][type], all);
    },

    /** Stops the render workers the service started. */
    async close(): Promise<void> {
      if (!deps.mjml) await mjml.close();
    },
  };
}

export type EmailTemplatesService = ReturnType<typeof createEmailTemplatesService>;
