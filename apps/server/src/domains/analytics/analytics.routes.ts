import {
  AnalyticsMessages,
  ResourceUsageListSchema,
  USAGE_CSV_FILE_NAME,
  UsageCsvQuerySchema,
  UsageRangeQuerySchema,
  UsageSummaryMessages,
  UsageSummaryQuerySchema,
  UsageSummarySchema,
} from '@toolpass/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendChunkedText } from '../../platform/http/chunked-text-body.ts';
import { manageResources } from '../../platform/http/route-guards.ts';
import { routeOptions } from '../../platform/http/route-options.ts';
import type { AnalyticsService } from './analytics.service.ts';

// Usage data and the export belong to resource managers (spec 02 §6), refused as the resource
// routes refuse them.
const route = routeOptions({ tag: 'Analytics', guard: manageResources });

export function analyticsRoutes(deps: { analytics: AnalyticsService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/analytics/resource-usage-hours',
      route.guarded(
        {
          summary:
            'Usage records of the sessions overlapping [start, end), in start order; a running session counts up to now',
          querystring: UsageRangeQuerySchema,
          response: { 200: ResourceUsageListSchema },
        },
        { config: { validationError: { message: AnalyticsMessages.invalidRange } } },
      ),
      async (request) => deps.analytics.usageRecords(request.query),
    );

    // Beyond the spec: the numbers of the export page's charts, aggregated by the database.
    app.get(
      '/api/analytics/usage-summary',
      route.guarded(
        {
          summary:
            'Usage of [start, end) for charts: hours per resource, sessions per local day, occupied hours per ' +
            'local weekday and hour, the top 10 users; only the part of a session inside the range counts, ' +
            'a running session up to now',
          querystring: UsageSummaryQuerySchema,
          response: { 200: UsageSummarySchema },
        },
        { config: { validationError: { message: UsageSummaryMessages.invalidQuery } } },
      ),
      async (request) => deps.analytics.usageSummary(request.query),
    );

    app.get(
      '/api/analytics/resource-usage.csv',
      route.guarded(
        {
          summary:
            "The usage export as CSV (spec 02 §9: ';' separated, quoted where needed), streamed; " +
            'optionally one row per user and resource with the sums of usage',
          querystring: UsageCsvQuerySchema,
        },
        { config: { validationError: { message: AnalyticsMessages.invalidExport } } },
      ),
      async (request, reply) =>
        // Written by hand into a few reused buffers, a page of rows at a time as the client takes
        // them: a million rows never sit in memory (docs/decisions/0013).
        sendChunkedText(
          request,
          reply,
          {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': `attachment; filename="${USAGE_CSV_FILE_NAME}"`,
          },
          (out) => deps.analytics.writeUsageCsv(request.query, out),
        ),
    );
  };
}
