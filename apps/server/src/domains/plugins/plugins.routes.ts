import { createReadStream } from 'node:fs';
import {
  OkSchema,
  PLUGIN_MAX_UNPACKED_BYTES,
  PLUGIN_UPLOAD_FIELD,
  PluginIdParamsSchema,
  PluginListSchema,
  PluginMessages,
  PluginNameParamsSchema,
  PluginSchema,
  UploadPluginFormSchema,
} from '@toolpass/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../platform/http/auth-guard.ts';
import { badRequest } from '../../platform/http/errors.ts';
import { readMultipartForm, registerMultipart } from '../../platform/http/multipart-form.ts';
import { manageSystemConfiguration, signedIn } from '../../platform/http/route-guards.ts';
import { routeOptions } from '../../platform/http/route-options.ts';
import { dispatchPluginRequest, pathSegmentsOf, pluginFrontendFile } from './plugin-requests.ts';
import { PLUGIN_ROUTE_METHODS } from './plugin-router.ts';
import type { PluginsService } from './plugins.service.ts';

const route = routeOptions({ tag: 'Plugins', guard: manageSystemConfiguration });

const PACKAGE_FORM = {
  fileField: PLUGIN_UPLOAD_FIELD,
  // A package holds at most 50 MB unpacked; stored entries make the .zip about as large.
  maxFileBytes: PLUGIN_MAX_UNPACKED_BYTES + 1024 * 1024,
  tooLargeMessage: PluginMessages.tooLarge,
  tooManyFilesMessage: PluginMessages.fileMissing,
};

/** `/api/plugins/{name}/…`: the segments before the path a plugin owns. */
const FRONTEND_PREFIX_SEGMENTS = 6; // '', api, plugins, name, frontend, module-federation
const API_PREFIX_SEGMENTS = 5; // '', api, plugins, name, api

const PluginPathParamsSchema = PluginNameParamsSchema.extend({ '*': z.string() });

export function pluginsRoutes(deps: { plugins: PluginsService }): FastifyPluginAsyncZod {
  return async (app) => {
    // Multipart bodies are accepted by the routes of this plugin only.
    await registerMultipart(app, PACKAGE_FORM);

    app.get(
      '/api/plugins',
      route.guarded(
        {
          summary:
            'The installed plugins, with their state and frontend entry; why one failed is shown to ' +
            'system administrators only (it may name server paths)',
          response: { 200: PluginListSchema },
        },
        { guard: signedIn },
      ),
      async (request) =>
        deps.plugins.list({ withErrors: requireUser(request).permissions.canManageSystemConfiguration }),
    );

    app.post(
      '/api/plugins',
      route.guarded({
        consumes: ['multipart/form-data'],
        summary:
          'Install a plugin package (.zip with manifest.json) from the multipart field pluginZip; an ' +
          'installed plugin of the same name is replaced. Loaded at once, without a restart.',
        multipartBody: UploadPluginFormSchema,
        response: { 201: PluginSchema },
      }),
      async (request, reply) => {
        const form = await readMultipartForm(request, PACKAGE_FORM);
        if (!form.file || form.file.length === 0) throw badRequest(PluginMessages.fileMissing);
        return reply.status(201).send(await deps.plugins.install(form.file));
      },
    );

    app.delete(
      '/api/plugins/:pluginId',
      route.guarded({
        summary: 'Remove a plugin: unloaded at once, its files, key-value store and subscriptions deleted',
        params: PluginIdParamsSchema,
        response: { 200: OkSchema },
      }),
      async (request) => {
        await deps.plugins.remove(request.params.pluginId);
        return { message: 'Plugin deleted' };
      },
    );

    app.get(
      '/api/plugins/:pluginName/frontend/module-federation/*',
      route.open({
        summary:
          "A file of a loaded plugin's frontend folder; .js and .mjs as text/javascript (ES modules). " +
          'Public: the browser imports modules without a bearer token.',
        params: PluginPathParamsSchema,
      }),
      async (request, reply) => {
        const file = await pluginFrontendFile(
          deps.plugins,
          request.params.pluginName,
          pathSegmentsOf(request.url, FRONTEND_PREFIX_SEGMENTS),
        );
        return reply
          .header('Cache-Control', 'no-cache')
          .header('Content-Length', file.size)
          .type(file.contentType)
          .send(createReadStream(file.file));
      },
    );

    app.route({
      method: [...PLUGIN_ROUTE_METHODS],
      url: '/api/plugins/:pluginName/api/*',
      ...route.guarded(
        {
          summary: "A backend plugin's own route, behind the app's sign-in check",
          params: PluginPathParamsSchema,
        },
        { guard: signedIn },
      ),
      handler: async (request, reply) => {
        const answer = await dispatchPluginRequest(deps.plugins, request.params.pluginName, {
          method: request.method,
          segments: pathSegmentsOf(request.url, API_PREFIX_SEGMENTS),
          query: request.query as Record<string, string | string[]>,
          body: request.body,
          headers: request.headers,
          user: requireUser(request),
        });
        reply.status(answer.status).headers(answer.headers);
        // JSON unless the plugin names its own content type (then a string or bytes go as they are).
        const ownType = Object.keys(answer.headers).some((name) => name.toLowerCase() === 'content-type');
        if (ownType) return reply.send(answer.body);
        return reply.type('application/json; charset=utf-8').send(JSON.stringify(answer.body));
      },
    });
  };
}
