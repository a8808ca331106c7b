import { pino } from 'pino';

/** Paths that may carry secrets; pino replaces them before anything is written. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'password',
  '*.password',
  'token',
  '*.token',
  'authToken',
  '*.authToken',
  'secret',
  '*.secret',
  'clientSecret',
  '*.clientSecret',
];

export function createLogger(level: string) {
  return pino({ level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } });
}

export type Logger = ReturnType<typeof createLogger>;
