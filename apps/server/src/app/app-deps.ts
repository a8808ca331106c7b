import type { ReaderTimings } from '../adapters/readers/reader-connections.ts';
import type { ReaderSocketTimings } from '../adapters/readers/reader-socket.routes.ts';
import type { Config } from '../config/config.ts';
import type { Clock } from '../platform/clock.ts';
import type { ScryptParams } from '../platform/crypto/password.ts';
import type { DatabaseHandle } from '../platform/db/database.ts';
import type { RateLimits } from '../platform/http/rate-limits.ts';
import type { EventProbe } from '../platform/jobs/probe-target.ts';
import type { Logger } from '../platform/logging/logger.ts';
import type { MailTransport } from '../platform/mail/mail-transport.ts';
import type { Resolve } from '../platform/net/outbound-policy.ts';

/** What the app is built from: the config and database, and what tests and benches replace. */
export type AppDeps = {
  config: Config;
  database: DatabaseHandle;
  logger: Logger;
  clock?: Clock;
  /** Replaces the SMTP/log transport, e.g. to count sends in a test of the queue. */
  mailTransport?: MailTransport;
  rateLimits?: RateLimits;
  scrypt?: ScryptParams;
  webDistDir?: string;
  /** Durable consumers of every domain event by name, e.g. a recorder in a test or the benchmark. */
  eventConsumers?: EventProbe[];
  /** How long a claimed delivery job is owned before another claimer may take it (default 60 s). */
  jobLeaseMs?: number;
  /** How often idle job runners look for due jobs (default 1 s). */
  jobPollMs?: number;
  /** How often an instance looks for plugins installed or removed through another (default 2 s). */
  pluginPollMs?: number;
  /** The reader protocol's timeouts (the readers design), shortened by tests. */
  readerTimings?: Partial<ReaderTimings & ReaderSocketTimings & { cardWaitTimeoutMs: number }>;
  /** How integrations' host names resolve (tests: names that move); the system's resolver if unset. */
  resolveHost?: Resolve;
};

/** Answers each read cache keeps at most (sessions; overview pages; active sessions and history pages). */
export const READ_CACHE_ENTRIES = 2_000;
