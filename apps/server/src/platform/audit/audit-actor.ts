import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Who an audit entry names: a user, or null for the system. */
export type AuditActor = { id: number; username: string } | null;

const requests = new AsyncLocalStorage<FastifyRequest>();

/**
 * Makes the request being answered known to the audit recorder, so a service records who made a
 * change without every service method and route passing the caller along (decision 22). Work
 * outside a request (housekeeping, reader taps, the command line) has no request: the system.
 */
export function registerAuditActor(app: FastifyInstance): void {
  // A callback hook: `done` runs the rest of the request (handlers included) inside the context.
  // Reads change nothing, so the many GETs (lists, streams, images) skip it.
  app.addHook('onRequest', (request, _reply, done) => {
    if (request.method === 'GET' || request.method === 'HEAD') done();
    else requests.run(request, done);
  });
}

/** The signed-in user of the request being answered, or null outside a request or signed out. */
export function currentAuditActor(): AuditActor {
  const user = requests.getStore()?.user;
  return user ? { id: user.id, username: user.username } : null;
}
