import {
  ApiErrorSchema,
  EmailTemplatePatchSchema,
  EmailTemplateSchema,
  EmailTemplateTypeParamsSchema,
  Messages,
  PreviewMjmlBodySchema,
  PreviewMjmlResultSchema,
} from '@toolpass/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { withPermission } from '../../platform/http/route-guards.ts';
import type { EmailTemplatesService } from './email-templates.service.ts';

const tags = ['Email templates'];
const security = [{ bearerAuth: [] }];
const manageSystem = withPermission(
  'canManageSystemConfiguration',
  Messages.forbiddenInsufficientPermissions,
);

/** The template editor's API (spec 02 §7): system administrators only. */
export function emailTemplatesRoutes(deps: { emailTemplates: EmailTemplatesService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/email-templates',
      {
        preValidation: manageSystem,
        schema: {
          tags,
          security,
          summary: 'Every mail template with the variables it may use',
          response: { 200: z.array(EmailTemplateSchema) },
        },
      },
      async () => deps.emailTemplates.list(),
    );

    // Before `/:type`, though Fastify prefers the static path anyway.
    app.post(
      '/api/email-templates/preview-mjml',
      {
        preValidation: manageSystem,
        schema: {
          tags,
          security,
          summary:
            'Render MJML to HTML for the editor preview, with the problems MJML finds; MJML that does not parse or takes over 2 s to render is a 400',
          body: PreviewMjmlBodySchema,
          response: { 200: PreviewMjmlResultSchema, 400: ApiErrorSchema, 503: ApiErrorSchema },
        },
      },
      async (request) => deps.emailTemplates.preview(request.body.mjmlContent),
    );

    app.get(
      '/api/email-templates/:type',
      {
        preValidation: manageSystem,
        schema: {
          tags,
          security,
          summary: 'One mail template',
          params: EmailTemplateTypeParamsSchema,
          response: { 200: EmailTemplateSchema },
        },
      },
      async (request) => deps.emailTemplates.get(request.params.type),
    );

    app.patch(
      '/api/email-templates/:type',
      {
        preValidation: manageSystem,
        schema: {
          tags,
          security,
          summary:
            'Change the subject or MJML body; the next mail of this type uses it. A body with problems is a 400 listing them in `errors.body`',
          params: EmailTemplateTypeParamsSchema,
          body: EmailTemplatePatchSchema,
          response: { 200: EmailTemplateSchema, 400: ApiErrorSchema, 503: ApiErrorSchema },
        },
      },
      async (request) => deps.emailTemplates.update(request.params.type, request.body),
    );

    app.post(
      '/api/email-templates/:type/restore-default',
      {
        preValidation: manageSystem,
        schema: {
          tags,
          security,
          summary: 'Put back the subject and body the app ships with; answers the restored template',
          params: EmailTemplateTypeParamsSchema,
          response: { 200: EmailTemplateSchema },
        },
      },
      async (request) => deps.emailTemplates.restoreDefault(request.params.type),
    );
  };
}
