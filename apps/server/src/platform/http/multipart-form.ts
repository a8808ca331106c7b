import multipart from '@fastify/multipart';
import { Messages } from '@toolpass/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError, badRequest } from './errors.ts';
import { describeZodIssues } from './validation-issues.ts';

export type MultipartForm = { fields: Record<string, string>; file: Buffer | undefined };

type FormLimits = {
  /** The only accepted file field. */
  fileField: string;
  maxFileBytes: number;
  tooLargeMessage: string;
  tooLargeErrorCode?: string;
  tooManyFilesMessage: string;
};

const MAX_FIELDS = 20;
const MAX_FIELD_BYTES = 256 * 1024;

/**
 * Accepts multipart bodies on the routes of the calling plugin only. Limits are set on the
 * parser itself because Fastify's bodyLimit does not apply to multipart streams.
 */
export async function registerMultipart(app: FastifyInstance, limits: FormLimits) {
  await app.register(multipart, {
    limits: {
      fileSize: limits.maxFileBytes,
      files: 1,
      fields: MAX_FIELDS,
      fieldSize: MAX_FIELD_BYTES,
      parts: MAX_FIELDS + 1,
    },
  });
}

function hasCode(error: unknown): error is { code: string } {
  return (
    typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string'
  );
}

/**
 * Reads a whole multipart form into text fields and at most one file held in memory (the
 * size limit bounds it). Limit breaches become clear 4xx answers instead of parser errors.
 */
export async function readMultipartForm(request: FastifyRequest, limits: FormLimits): Promise<MultipartForm> {
  if (!request.isMultipart()) throw badRequest('Expected a multipart/form-data body.');
  const fields: Record<string, string> = {};
  let file: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== limits.fileField) {
          part.file.resume();
          throw badRequest(
            `Unexpected file field "${part.fieldname}"; the file goes in "${limits.fileField}".`,
          );
        }
        file = await part.toBuffer();
      } else if (part.valueTruncated) {
        throw badRequest(`The field "${part.fieldname}" is too long.`);
      } else if (part.fieldname === limits.fileField) {
        // Some clients send an empty text part for "no file"; text content is not a file.
        if (String(part.value) !== '') throw badRequest(`The field "${limits.fileField}" must be a file.`);
      } else {
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    // The parser's own complaints about a broken body ("Unexpected end of multipart data") carry
    // no code: they are the client's input, a 400.
    if (!hasCode(error)) throw badRequest();
    switch (error.code) {
      case 'FST_REQ_FILE_TOO_LARGE':
        throw new AppError(413, limits.tooLargeMessage, {
          ...(limits.tooLargeErrorCode ? { errorCode: limits.tooLargeErrorCode } : {}),
        });
      case 'FST_FILES_LIMIT':
        throw badRequest(limits.tooManyFilesMessage);
      case 'FST_PARTS_LIMIT':
      case 'FST_FIELDS_LIMIT':
        throw badRequest('Too many form fields.');
      case 'FST_PROTO_VIOLATION':
      case 'FST_INVALID_JSON_FIELD_ERROR':
      case 'FST_MP_PREMATURE_CLOSE':
        throw badRequest();
      default:
        throw error;
    }
  }
  return { fields, file };
}

/** Checks the text fields of a form against a contract schema, with per-field messages on failure. */
export function parseFormFields<T extends z.ZodType>(schema: T, fields: Record<string, string>): z.infer<T> {
  const result = schema.safeParse(fields);
  if (result.success) return result.data;
  throw badRequest(Messages.invalidInput, describeZodIssues(result.error.issues));
}
