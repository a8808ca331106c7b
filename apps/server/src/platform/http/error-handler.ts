import { type ApiError, Messages } from '@toolpass/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isValueRefused } from '../db/db-errors.ts';
import { AppError } from './errors.ts';
import { type ApiIssue, toApiIssue } from './validation-issues.ts';

/**
 * A route may name the message and code of its own validation failures (spec 01 §5, §8). With
 * `bodyOnly`, they are the body's: a bad path id or query is refused with the generic message
 * (an admin's email change must not call a malformed user id an invalid email address).
 */
export type ValidationErrorConfig = { message: string; errorCode?: string; bodyOnly?: boolean };

/** The route's own validation answer for a failure in `part` of the request, if it has one. */
function customValidation(request: FastifyRequest, part: string | undefined) {
  const custom = request.routeOptions.config?.validationError;
  return custom?.bodyOnly && part !== 'body' ? undefined : custom;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    validationError?: ValidationErrorConfig;
  }
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

function send(
  reply: FastifyReply,
  request: FastifyRequest,
  statusCode: number,
  body: Omit<ApiError, 'statusCode' | 'requestId' | 'error'> & { error?: string | undefined },
) {
  const { error, ...rest } = body;
  const payload: ApiError = {
    statusCode,
    error: error ?? STATUS_TEXT[statusCode] ?? (statusCode >= 500 ? 'Internal Server Error' : 'Bad Request'),
    ...rest,
    requestId: String(request.id),
  };
  return reply.status(statusCode).send(payload);
}

/** Per-field messages from a failed schema check: `/password` becomes `password`. */
function fieldErrors(error: FastifyError & { validation: { instancePath: string; message?: string }[] }) {
  const errors: Record<string, string[]> = {};
  for (const issue of error.validation) {
    const field =
      issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || (error.validationContext ?? 'request');
    errors[field] = [...(errors[field] ?? []), issue.message ?? 'Invalid value'];
  }
  return errors;
}

type ValidationIssue = { instancePath: string; keyword?: string; params?: Record<string, unknown> };

function issuesOf(error: FastifyError & { validation: ValidationIssue[] }): ApiIssue[] {
  return error.validation.map((issue) =>
    toApiIssue(
      issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || (error.validationContext ?? 'request'),
      issue.keyword,
      issue.params ?? {},
    ),
  );
}

/**
 * Fastify's refusals before routing (a path that is not valid percent-encoding): the same error
 * body as every other 400, with its request id, instead of Fastify's own.
 */
export function frameworkErrorHandler(_error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  return send(reply, request, 400, { message: Messages.invalidInput });
}

/**
 * One place that turns every failure into the API error body. Internals of a 5xx are logged,
 * never sent.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return send(reply, request, error.statusCode, {
        message: error.message,
        ...(error.error ? { error: error.error } : {}),
        ...(error.errorCode ? { errorCode: error.errorCode } : {}),
        ...(error.errors ? { errors: error.errors } : {}),
        ...(error.issues ? { issues: error.issues } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const custom = customValidation(request, error.validationContext);
      return send(reply, request, 400, {
        message: custom?.message ?? Messages.invalidInput,
        ...(custom?.errorCode ? { errorCode: custom.errorCode } : {}),
        errors: fieldErrors(error),
        issues: issuesOf(error),
      });
    }
    if (isValueRefused(error)) {
      request.log.warn({ err: error }, 'The database refused a value that request validation let through');
      return send(reply, request, 400, { message: Messages.invalidInput });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return send(reply, request, 429, { message: Messages.tooManyRequests });
    if (status >= 400 && status < 500) {
      // Fastify's own refusals: malformed JSON, wrong content type, too large a body. A malformed
      // body is refused input like any other, so a route's own validation message applies to it.
      const custom = customValidation(request, 'body');
      const message =
        status === 400
          ? (custom?.message ?? Messages.invalidInput)
          : error.code?.startsWith('FST_ERR_CTP')
            ? Messages.invalidInput
            : error.message;
      return send(reply, request, status, { message });
    }
    request.log.error({ err: error }, 'Request failed');
    return send(reply, request, 500, { message: Messages.internalError });
  });
}
