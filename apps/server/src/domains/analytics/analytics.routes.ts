import { Readable } from 'node:stream';
import {
  AnalyticsMessages,
  ResourceMessages,
  ResourceUsageListSchema,
  USAGE_CSV_FILE_NAME,
  UsageCsvQuerySchema,
  UsageRangeQuerySchema,
  UsageSummaryMessages,
  UsageSummaryQuerySchema,
  UsageSummarySchema,
} from '@toolpass/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { withPermission } from '../../platform/http/route-guards.ts';
import type { AnalyticsService } from './analytics.service.ts';

const tags = ['Analytics'];
const security = [{ bearerAuth: [] }];
// Usage data and the export belong to resource managers (spec 02 §6), refused as the resource
// routes refuse them.
const manageResources = withPermission('canManageResources', ResourceMessages.forbiddenManageResources);

export function analyticsRoutes(deps: { analytics: AnalyticsService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/analytics/resource-usage-hours',
      {
        preValidation: manageResources,
        config: { validationError: { message: AnalyticsMessages.invalidRange } },
        schema: {
          tags,
          security,
          summary:
            'Usage records of the sessions overlapping [start, end), in start order; a running session counts up to now',
          querystring: UsageRangeQuerySchema,
          response: { 200: ResourceUsageListSchema },
        },
      },
      async (request) => deps.analytics.usageRecords(request.query),
    );

    // Beyond the spec: the numbers of the export page's charts, aggregated by the database.
    app.get(
      '/api/analytics/usage-summary',
      {
        preValidation: manageResources,
        config: { validationError: { message: UsageSummaryMessages.invalidQuery } },
        schema: {
          tags,
          security,
          summary:
            'Usage of [start, end) for charts: hours per resource, sessions per local day, occupied hours per ' +
            'local weekday and hour, the top 10 users; only the part of a session inside the range counts, ' +
            'a running session up to now',
          querystring: UsageSummaryQuerySchema,
          response: { 200: UsageSummarySchema },
        },
      },
      async (request) => deps.analytics.usageSummary(request.query),
    );

    app.get(
      '/api/analytics/resource-usage.csv',
      {
        preValidation: manageResources,
        config: { validationError: { message: AnalyticsMessages.invalidExport } },
        schema: {
          tags,
          security,
          summary:
            "The usage export as CSV (spec 02 §9: ';' separated, quoted where needed), streamed; " +
            'optionally one row per user and resource with the sums of usage',
          querystring: UsageCsvQuerySchema,
        },
      },
      async (request, reply) => {
        // A chunk per page of rows; Readable.from waits for the client before it reads the next
        // page, so a million rows never sit in memory. Chunks stay strings (object mode, one
        // ahead): the socket encodes them, where a byte stream would copy each into a Buffer
        // that lives until the next full GC (+60 MB of external memory for a million rows).
        const body = Readable.from(deps.analytics.usageCsv(request.query), { highWaterMark: 1 });
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${USAGE_CSV_FILE_NAME}"`)
          .send(body);
      },
    );
  };
}
