import { buildApp } from './app.ts';
import { ConfigError, loadConfig, resolveDataDir } from './config/config.ts';
import { startControlSocket } from './platform/backup/control-socket.ts';
import { markDataDirInUse } from './platform/backup/data-dir-lock.ts';
import { resolveSecretKey } from './platform/crypto/secret-key.ts';
import { prepareDataDir } from './platform/data-dir.ts';
import { DatabaseLockedError, openDatabase } from './platform/db/database.ts';
import { migrateToLatest } from './platform/db/migrate.ts';
import { createLogger } from './platform/logging/logger.ts';

/** For requests in flight; deliveries under way get the job runner's own grace on top. */
const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  // Whatever the server creates (database, write-ahead log, uploads, the secret key) is its
  // user's alone: folders 0700, files 0600.
  process.umask(0o077);
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\nSee README.md, section Configuration.\n`);
      process.exit(78);
    }
    throw error;
  }
  const logger = createLogger(config.logLevel);
  const dataDir = resolveDataDir(config.dataDir);
  prepareDataDir(dataDir);
  config.secretKey = resolveSecretKey(config.secretKey, dataDir);

  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase({ dataDir, databaseUrl: config.databaseUrl });
  } catch (error) {
    if (error instanceof DatabaseLockedError) {
      logger.fatal(error.message);
      process.exit(75);
    }
    throw error;
  }
  // Marks the folder for `npm run restore`, which refuses a folder a running server holds.
  const inUse = markDataDirInUse(dataDir);
  process.on('exit', () => inUse.release());
  const applied = await migrateToLatest(database);
  logger.info({ dialect: database.dialect, location: database.location, applied }, 'Database ready');

  const { app, services } = await buildApp({ config: { ...config, dataDir }, database, logger });
  await app.listen({ port: config.port, host: config.host });
  const { snapshot } = database;
  // Only the server can read the database it locks: `npm run backup` asks it for a snapshot here.
  const controlSocket = snapshot
    ? await startControlSocket({
        dataDir,
        snapshot,
        onError: (error) => logger.error({ err: error }, 'A backup snapshot failed'),
      })
    : undefined;
  logger.info(`Toolpass is running at ${config.publicUrl}`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'Shutting down');
    // /api/ready answers 503 first, so a proxy moves traffic away before the listener closes.
    services.readiness.markStopping();
    const drainMs = (config.shutdownDrainSeconds ?? 0) * 1000;
    if (drainMs > 0) await new Promise((resolve) => setTimeout(resolve, drainMs));
    // Requests in flight finish, then the deliveries under way (closing the app stops the job
    // runner, which writes their outcomes), and only then does the database close. A hung
    // request does not keep the process alive forever.
    const force = setTimeout(
      () => {
        logger.error('Shutdown took too long, exiting');
        process.exit(1);
      },
      drainMs + SHUTDOWN_GRACE_MS + services.jobRunner.stopGraceMs,
    );
    force.unref();
    await controlSocket?.close();
    await app.close();
    await database.close();
    inUse.release();
    logger.info('Stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Toolpass failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
