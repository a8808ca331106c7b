import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import {
  DEFAULT_EMAIL_TEMPLATES,
  EMAIL_TEMPLATE_TYPES,
  type EmailTemplateType,
} from './default-email-templates.ts';
import type { EmailTemplatesRepository } from './email-templates.repository.ts';
import { type RenderedEmail, renderEmail } from './render-email.ts';

/** Mail content: templates stored in the database, rendered from MJML with variables. */
export function createEmailTemplatesService(deps: {
  db: Db;
  repo: EmailTemplatesRepository;
  clock: Clock;
  publicUrl: string;
}) {
  const host = new URL(deps.publicUrl).host;
  return {
    async ensureDefaults(): Promise<void> {
      for (const type of EMAIL_TEMPLATE_TYPES) {
        const { subject, body } = DEFAULT_EMAIL_TEMPLATES[type];
        await deps.repo.insertMissing(deps.db, type, subject, body, deps.clock.now());
      }
    },

    async render(type: EmailTemplateType, variables: Record<string, string>): Promise<RenderedEmail> {
      const stored = await deps.repo.findByType(deps.db, type);
      return renderEmail(stored ?? DEFAULT_EMAIL_TEMPLATES[type], { host, ...variables });
    },
  };
}

export type EmailTemplatesService = ReturnType<typeof createEmailTemplatesService>;
