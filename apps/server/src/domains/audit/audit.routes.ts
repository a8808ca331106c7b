import {
  AUDIT_LOG_PERMISSIONS,
  AuditLogCsvQuerySchema,
  AuditLogPageSchema,
  AuditLogQuerySchema,
  Messages,
} from '@toolpass/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../platform/http/auth-guard.ts';
import { sendChunkedText } from '../../platform/http/chunked-text-body.ts';
import { forbidden } from '../../platform/http/errors.ts';
import { routeOptions } from '../../platform/http/route-options.ts';
import type { AuditService } from './audit.service.ts';

/** Who may read the log: those who configure the system or manage users (issue 32). */
const readAuditLog = async (request: FastifyRequest) => {
  const user = requireUser(request);
  if (!AUDIT_LOG_PERMISSIONS.some((permission) => user.permissions[permission]))
    throw forbidden(Messages.forbiddenInsufficientPermissions);
};

const route = routeOptions({ tag: 'Audit log', guard: readAuditLog });

/** Read-only: no route changes or deletes an entry (the retention setting forgets old ones). */
export function auditRoutes(deps: { audit: AuditService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/audit-log',
      route.guarded({
        summary: 'Administrative changes, newest first, filtered by actor, target, action and time',
        querystring: AuditLogQuerySchema,
        response: { 200: AuditLogPageSchema },
      }),
      async (request) => deps.audit.list(request.query),
    );

    app.get(
      '/api/audit-log.csv',
      route.guarded({
        summary: "The audit log's matching entries as CSV (';' separated), newest first, streamed",
        querystring: AuditLogCsvQuerySchema,
      }),
      async (request, reply) =>
        sendChunkedText(
          request,
          reply,
          {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': 'attachment; filename="audit-log.csv"',
          },
          (out) => deps.audit.writeCsv(request.query, out),
        ),
    );
  };
}
