import { Messages } from '@toolpass/contracts';
import type { ApiIssue } from './validation-issues.ts';

/**
 * What services throw: a status, the specification's message and optionally a stable code and
 * per-field messages. The error handler turns it into the API error body.
 */
export class AppError extends Error {
  readonly statusCode: number;
  readonly errorCode: string | undefined;
  readonly errors: Record<string, string[]> | undefined;
  readonly issues: ApiIssue[] | undefined;
  /** The `error` field where the specification names the failure there, not the status text. */
  readonly error: string | undefined;
  constructor(statusCode: number, message: string, options: Options = {}) {
    super(message);
    this.name = 'AppError';
    this.statusCode = statusCode;
    this.errorCode = options.errorCode;
    this.errors = options.errors;
    this.issues = options.issues;
    this.error = options.error;
  }
}

type Options = {
  errorCode?: string;
  errors?: Record<string, string[]>;
  issues?: ApiIssue[];
  error?: string;
};

export const badRequest = (message: string = Messages.invalidInput, options?: Options) =>
  new AppError(400, message, options);
export const unauthorized = (message: string = Messages.unauthorized, options?: Options) =>
  new AppError(401, message, options);
export const forbidden = (message: string, options?: Options) => new AppError(403, message, options);
export const notFound = (message: string, options?: Options) => new AppError(404, message, options);
export const conflict = (message: string, options?: Options) => new AppError(409, message, options);
