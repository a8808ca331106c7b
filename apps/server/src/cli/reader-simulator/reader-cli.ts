import { hostname } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { READER_PROTOCOL, ReaderCloseCodes } from '@toolpass/contracts';
import { ReaderSimulator } from './reader-simulator.ts';

const USAGE = `Usage: npm run reader -- --server URL [--name TEXT] [--key-file PATH]

Runs an NFC reader in software against a Toolpass server. Without a key file it pairs: it prints
a six-digit code, which an administrator enters on the FABReader page; the key it receives is
kept in the key file (mode 0600, default ./toolpass-reader-key.json). With a key it connects and
authenticates, prints what the server shows on its display, and reconnects when the connection
drops. When the server asks to choose a resource, type its number. Type "quit" to stop.`;

const RECONNECT_MS = 2_000;
const RATE_LIMITED_WAIT_MS = 60_000;

/** `npm run reader`: the simulator as a terminal program. */
export async function runReaderCli(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      server: { type: 'string' },
      name: { type: 'string' },
      'key-file': { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help || !values.server) {
    process.stdout.write(`${USAGE}\n`);
    return values.help ? 0 : 64;
  }

  let pick: ((line: string) => void) | undefined;
  const simulator = new ReaderSimulator({
    server: values.server,
    deviceId: values.name ?? `simulator-${hostname()}`,
    // npm runs the script in apps/server; a relative path means the folder the command was typed in.
    keyFile: path.resolve(
      process.env.INIT_CWD ?? process.cwd(),
      values['key-file'] ?? 'toolpass-reader-key.json',
    ),
    log: (line) => process.stdout.write(`${line}\n`),
    chooseResource: (resources) =>
      new Promise((resolve) => {
        resources.forEach((resource, index) => {
          process.stdout.write(`  ${index + 1}) ${resource.name}\n`);
        });
        process.stdout.write('Choose a resource by its number:\n');
        const timer = setTimeout(() => {
          pick = undefined;
          resolve(undefined);
        }, READER_PROTOCOL.selectTimeoutMs);
        pick = (line) => {
          clearTimeout(timer);
          pick = undefined;
          resolve(resources[Number(line) - 1]?.id);
        };
      }),
  });

  let stopping = false;
  const input = createInterface({ input: process.stdin });
  input.on('line', (raw) => {
    const line = raw.trim();
    if (line === 'quit') {
      stopping = true;
      input.close();
      void simulator.disconnect();
      return;
    }
    if (pick) pick(line);
    else if (line) process.stdout.write('Commands: quit\n');
  });

  while (!stopping) {
    try {
      if (!simulator.credentials) await simulator.pair();
      await simulator.connect();
      const close = await simulator.waitForClose();
      if (close.code === ReaderCloseCodes.unauthorized) {
        // The server no longer knows this key (reader deleted, or another SECRET_KEY).
        process.stdout.write('The server refused the reader key; delete the key file to pair again.\n');
        stopping = true;
        break;
      }
    } catch (error) {
      process.stdout.write(`${error instanceof Error ? error.message : String(error)}\n`);
      // Over the address's budget of pairing attempts: asking again at once would not help.
      if ((error as { code?: unknown }).code === ReaderCloseCodes.tooManyAttempts) {
        await new Promise((resolve) => setTimeout(resolve, RATE_LIMITED_WAIT_MS));
      }
    }
    if (!stopping) await new Promise((resolve) => setTimeout(resolve, RECONNECT_MS));
  }
  input.close();
  // A paused stdin pipe still holds the process open.
  process.stdin.destroy();
  return 0;
}

if (import.meta.main) {
  process.exitCode = await runReaderCli(process.argv.slice(2));
}
