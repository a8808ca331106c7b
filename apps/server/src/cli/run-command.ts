import { ConfigError } from '../config/config.ts';
import { BackupRefusedError } from '../platform/backup/backup-archive.ts';

/** What a command line tool answers: its exit code and the text to print. */
export type CommandOutcome = { exitCode: number; output: string };

/**
 * Runs a command line tool when its file is the program: prints the outcome on stdout (success)
 * or stderr, and turns an error the tool threw into its exit code and message.
 */
export function runAsProgram(
  command: Promise<CommandOutcome>,
  failure: (error: unknown) => { exitCode: number; message: string },
): void {
  command
    .then(({ exitCode, output }) => {
      (exitCode === 0 ? process.stdout : process.stderr).write(`${output}\n`);
      process.exit(exitCode);
    })
    .catch((error: unknown) => {
      const { exitCode, message } = failure(error);
      process.stderr.write(`${message}\n`);
      process.exit(exitCode);
    });
}

/** How the backup tools fail: a refused backup's own code, 78 for bad settings (sysexits). */
export function backupCommandFailure(error: unknown) {
  return {
    exitCode: error instanceof BackupRefusedError ? error.exitCode : error instanceof ConfigError ? 78 : 1,
    message: error instanceof Error ? error.message : String(error),
  };
}
