import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { Messages } from '@toolpass/contracts';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built React app; any other GET that is not under /api answers index.html so the
 * client router can take the path.
 */
export async function registerWebApp(app: FastifyInstance, webDistDir: string) {
  const hasWebApp = existsSync(path.join(webDistDir, 'index.html'));
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      // One route for every file, looked up when asked for: a route per file (some 240 files,
      // a GET and a HEAD each) cost a fifth of the start-up time (issue 31). A file that is not
      // there falls through to the not-found handler below, which answers index.html.
      wildcard: true,
      // The build's own notes (.source-hash) are not the app's to serve, nor are folders.
      dotfiles: 'ignore',
      allowedPath: (pathName) => !pathName.endsWith('/'),
      index: false,
      // Hashed assets never change; index.html must always be fresh to pick up a new build.
      setHeaders: (reply, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    if (!isApi && hasWebApp && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({
      statusCode: 404,
      error: 'Not Found',
      message: isApi ? `Route ${request.method} ${request.url.split('?')[0]} not found` : Messages.notFound,
      requestId: String(request.id),
    });
  });
}
