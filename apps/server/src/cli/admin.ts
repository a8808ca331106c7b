import { parseArgs } from 'node:util';
import { CreateUserBodySchema } from '@toolpass/contracts';
import { createServices } from '../app.ts';
import { ConfigError, loadConfig, resolveDataDir } from '../config/config.ts';
import { DatabaseLockedError, openDatabase } from '../platform/db/database.ts';
import { migrateToLatest } from '../platform/db/migrate.ts';
import { AppError } from '../platform/http/errors.ts';
import { createLogger } from '../platform/logging/logger.ts';
import { runAsProgram } from './run-command.ts';

const USAGE = `Usage: npm run admin -- create --username NAME [--email ADDRESS] [--password PASSWORD]

Creates a verified user with all three system permissions, or gives an existing user of that
name all permissions and marks it verified (its email and password change only when given).
It uses the same environment as the server (DATA_DIR, DATABASE_URL). With the embedded
database, stop the server first: only one process may open the data folder.`;

/** Creates or promotes an administrator from the shell, for installs without mail. */
export async function runAdminCommand(argv: string[], env: Record<string, string | undefined>) {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      username: { type: 'string' },
      email: { type: 'string' },
      password: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help || positionals[0] !== 'create' || !values.username)
    return { exitCode: values.help ? 0 : 64, output: USAGE };

  const fields = CreateUserBodySchema.pick({ username: true, email: true, password: true })
    .partial()
    .safeParse({
      username: values.username,
      email: values.email,
      password: values.password,
    });
  if (!fields.success) {
    return {
      exitCode: 64,
      output: fields.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('\n'),
    };
  }

  const config = loadConfig(env);
  const logger = createLogger('warn');
  const database = await openDatabase({
    dataDir: resolveDataDir(config.dataDir),
    databaseUrl: config.databaseUrl,
  });
  try {
    await migrateToLatest(database);
    const { users } = createServices({ config, database, logger });
    const result = await users.administrators.createOrPromote({
      username: values.username,
      email: fields.data.email,
      password: fields.data.password,
    });
    const verb = result.created ? 'Created administrator' : 'Promoted to administrator';
    return {
      exitCode: 0,
      output: `${verb} ${result.user.username} (id ${result.user.id}, ${result.user.email}).`,
    };
  } finally {
    await database.close();
  }
}

if (import.meta.main) {
  runAsProgram(runAdminCommand(process.argv.slice(2), process.env), (error) => {
    const known =
      error instanceof ConfigError || error instanceof DatabaseLockedError || error instanceof AppError;
    return { exitCode: 1, message: known ? (error as Error).message : String(error) };
  });
}
