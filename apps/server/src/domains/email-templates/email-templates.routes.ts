import {
  ApiErrorSchema,
  EmailTemplateLanguageQuerySchema,
  EmailTemplatePatchSchema,
  EmailTemplateSchema,
  EmailTemplateTypeParamsSchema,
  PreviewMjmlBodySchema,
  PreviewMjmlResultSchema,
} from '@toolpass/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { manageSystemConfiguration } from '../../platform/http/route-guards.ts';
import { routeOptions } from '../../platform/http/route-options.ts';
import type { EmailTemplatesService } from './email-templates.service.ts';

const route = routeOptions({ tag: 'Email templates', guard: manageSystemConfiguration });

/** The template editor's API (spec 02 §7): system administrators only. */
export function emailTemplatesRoutes(deps: { emailTemplates: EmailTemplatesService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/email-templates',
      route.guarded({
        summary: 'Every mail template of a language (English when not given) with the variables it may use',
        querystring: EmailTemplateLanguageQuerySchema,
        response: { 200: z.array(EmailTemplateSchema) },
      }),
      async (request) => deps.emailTemplates.list(request.query.language),
    );

    // Before `/:type`, though Fastify prefers the static path anyway.
    app.post(
      '/api/email-templates/preview-mjml',
      route.guarded({
        summary:
          'Render MJML to HTML for the editor preview, with the problems MJML finds; MJML that does not parse or takes over 2 s to render is a 400',
        body: PreviewMjmlBodySchema,
        response: { 200: PreviewMjmlResultSchema, 400: ApiErrorSchema, 503: ApiErrorSchema },
      }),
      async (request) => deps.emailTemplates.preview(request.body.mjmlContent),
    );

    app.get(
      '/api/email-templates/:type',
      route.guarded({
        summary: 'One mail template in a language (English when not given)',
        params: EmailTemplateTypeParamsSchema,
        querystring: EmailTemplateLanguageQuerySchema,
        response: { 200: EmailTemplateSchema },
      }),
      async (request) => deps.emailTemplates.get(request.params.type, request.query.language),
    );

    app.patch(
      '/api/email-templates/:type',
      route.guarded({
        summary:
          'Change the subject or MJML body of the template in a language (English when not given); the next mail of this type to someone reading that language uses it. A body with problems is a 400 listing them in `errors.body`',
        params: EmailTemplateTypeParamsSchema,
        querystring: EmailTemplateLanguageQuerySchema,
        body: EmailTemplatePatchSchema,
        response: { 200: EmailTemplateSchema, 400: ApiErrorSchema, 503: ApiErrorSchema },
      }),
      async (request) =>
        deps.emailTemplates.update(request.params.type, request.query.language, request.body),
    );

    app.post(
      '/api/email-templates/:type/restore-default',
      route.guarded({
        summary:
          'Put back the subject and body the app ships with in a language (English when not given); answers the restored template',
        params: EmailTemplateTypeParamsSchema,
        querystring: EmailTemplateLanguageQuerySchema,
        response: { 200: EmailTemplateSchema },
      }),
      async (request) => deps.emailTemplates.restoreDefault(request.params.type, request.query.language),
    );
  };
}
