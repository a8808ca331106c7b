/**
 * What the browser tests (`e2e/`) and the benchmarks (`bench/`) may use of the server, published
 * as `@toolpass/server/testing`. Everything else under `src/` is private to the server: the
 * import-boundary check (`.dependency-cruiser.cjs`) refuses other paths from those folders.
 */
export { buildApp } from './app.ts';
export { ReaderSimulator } from './cli/reader-simulator/reader-simulator.ts';
export { VirtualNtag424Card } from './cli/reader-simulator/virtual-ntag424-card.ts';
export { loadConfig } from './config/config.ts';
export { SERVER_NODE_FLAGS } from './config/node-flags.ts';
export { searchTextOf } from './domains/resources/resources.repository.ts';
export { createAccountsRepository } from './domains/users/accounts.repository.ts';
export { type Db, openDatabase } from './platform/db/database.ts';
export { migrateToLatest } from './platform/db/migrate.ts';
export type { OutboxEnvelope } from './platform/events/outbox.ts';
export { DEFAULT_RATE_LIMITS } from './platform/http/rate-limits.ts';
export type { EventProbe } from './platform/jobs/probe-target.ts';
export { createLogger } from './platform/logging/logger.ts';
export { freePort } from './test/free-port.ts';
export { sharedBroker, subscribe } from './test/mqtt-broker.ts';
export { type OidcTestProvider, startOidcProvider } from './test/oidc-provider.ts';
export { folderEntries, type ZipEntry, zipEntries, zipPluginFolder } from './test/plugin-zip.ts';
export { type CapturedMail as CapturedSmtpMail, startSmtpCapture } from './test/smtp-capture.ts';
