import {
  EMAIL_TEMPLATE_TYPES,
  EMAIL_TEMPLATE_VARIABLES,
  type EmailTemplate,
  EmailTemplateMessages,
  type EmailTemplatePatch,
  type EmailTemplateType,
} from '@toolpass/contracts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import { badRequest, notFound } from '../../platform/http/errors.ts';
import type { Logger } from '../../platform/logging/logger.ts';
import { DEFAULT_EMAIL_TEMPLATES } from './default-email-templates.ts';
import type { EmailTemplatesRepository } from './email-templates.repository.ts';
import { type RenderedEmail, renderEmail, renderMjml } from './render-email.ts';

function isTemplateType(type: string): type is EmailTemplateType {
  return (EMAIL_TEMPLATE_TYPES as readonly string[]).includes(type);
}

function present(type: EmailTemplateType, stored: { subject: string; body: string }): EmailTemplate {
  return {
    type,
    subject: stored.subject,
    body: stored.body,
    variables: [...EMAIL_TEMPLATE_VARIABLES[type]],
  };
}

/** Mail content: templates stored in the database, rendered from MJML with variables. */
export function createEmailTemplatesService(deps: {
  db: Db;
  repo: EmailTemplatesRepository;
  clock: Clock;
  publicUrl: string;
  logger: Logger;
}) {
  const host = new URL(deps.publicUrl).host;

  function knownType(type: string): EmailTemplateType {
    if (!isTemplateType(type)) throw notFound(EmailTemplateMessages.notFound);
    return type;
  }

  async function stored(type: EmailTemplateType) {
    return (await deps.repo.findByType(deps.db, type)) ?? DEFAULT_EMAIL_TEMPLATES[type];
  }

  return {
    async ensureDefaults(): Promise<void> {
      for (const type of EMAIL_TEMPLATE_TYPES) {
        const { subject, body } = DEFAULT_EMAIL_TEMPLATES[type];
        await deps.repo.insertMissing(deps.db, type, subject, body, deps.clock.now());
      }
    },

    async list(): Promise<EmailTemplate[]> {
      const rows = new Map((await deps.repo.findAll(deps.db)).map((row) => [row.type, row]));
      return EMAIL_TEMPLATE_TYPES.map((type) =>
        present(type, rows.get(type) ?? DEFAULT_EMAIL_TEMPLATES[type]),
      );
    },

    async get(type: string): Promise<EmailTemplate> {
      const known = knownType(type);
      return present(known, await stored(known));
    },

    /** Saves the template as written: the next mail of this type uses it. */
    async update(type: string, patch: EmailTemplatePatch): Promise<EmailTemplate> {
      const known = knownType(type);
      const current = await stored(known);
      const next = { subject: patch.subject ?? current.subject, body: patch.body ?? current.body };
      await deps.repo.save(deps.db, known, next.subject, next.body, deps.clock.now());
      return present(known, next);
    },

    async restoreDefault(type: string): Promise<EmailTemplate> {
      const known = knownType(type);
      const { subject, body } = DEFAULT_EMAIL_TEMPLATES[known];
      await deps.repo.save(deps.db, known, subject, body, deps.clock.now());
      return present(known, { subject, body });
    },

    /** The editor's live preview: the MJML as it is, variables left as written. */
    async preview(mjmlContent: string): Promise<{ html: string }> {
      try {
        return { html: await renderMjml(mjmlContent) };
      } catch {
        throw badRequest(EmailTemplateMessages.invalidMjml, { error: EmailTemplateMessages.invalidMjml });
      }
    },

    /**
     * The mail of a type from its saved template. A saved template that fails to render falls
     * back to the default, logged, so the mail (a reset link, a verification) is never lost.
     */
    async render(type: EmailTemplateType, variables: Record<string, string>): Promise<RenderedEmail> {
      const all = { host, ...variables };
      const saved = await deps.repo.findByType(deps.db, type);
      if (saved) {
        try {
          return await renderEmail(saved, all);
        } catch (error) {
          deps.logger.warn(
            { err: error, templateType: type },
            'The saved email template failed to render; sending the default template instead',
          );
        }
      }
      return renderEmail(DEFAULT_EMAIL_TEMPLATES[type], all);
    },
  };
}

export type EmailTemplatesService = ReturnType<typeof createEmailTemplatesService>;
