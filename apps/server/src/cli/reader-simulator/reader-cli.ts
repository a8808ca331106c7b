import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { READER_PROTOCOL, ReaderCloseCodes } from '@toolpass/contracts';
import { z } from 'zod';
import { ReaderSimulator } from './reader-simulator.ts';
import { VirtualNtag424Card, VirtualNtag424CardJsonSchema } from './virtual-ntag424-card.ts';

const USAGE = `Usage: npm run reader -- --server URL [--name TEXT] [--key-file PATH] [--cards-file PATH]

Runs an NFC reader in software against a Toolpass server. Without a key file it pairs: it prints
a six-digit code, which an administrator enters on the FABReader page; the key it receives is
kept in the key file (mode 0600, default ./toolpass-reader-key.json). With a key it connects and
authenticates, prints what the server shows on its display, and reconnects when the connection
drops. When the server asks to choose a resource, type its number. Type "quit" to stop.

Virtual NTAG 424 DNA cards live in the cards file (default toolpass-reader-cards.json next to the
key file; two factory cards are made on first use). "cards" lists them, "card new" makes a factory
card and prints its UID, "tap UID" (or "tap N", the card's number) presents one to the reader.`;

const CardsFileSchema = z.array(VirtualNtag424CardJsonSchema);

/** The simulator's virtual cards, kept in a JSON file so enrolled keys survive a restart. */
function cardWallet(file: string) {
  const cards: VirtualNtag424Card[] = existsSync(file)
    ? CardsFileSchema.parse(JSON.parse(readFileSync(file, 'utf8'))).map((json) =>
        VirtualNtag424Card.fromJSON(json),
      )
    : [];
  const uidOf = (card: VirtualNtag424Card) => card.uid.toString('hex');
  const save = () =>
    writeFileSync(
      file,
      `${JSON.stringify(
        cards.map((card) => card.toJSON()),
        null,
        2,
      )}\n`,
      { mode: 0o600 },
    );
  const add = () => {
    // NXP UIDs start with the manufacturer byte 04.
    const card = VirtualNtag424Card.factory(Buffer.concat([Buffer.from([0x04]), randomBytes(6)]));
    cards.push(card);
    save();
    return uidOf(card);
  };
  if (cards.length === 0) {
    add();
    add();
  }
  return {
    add,
    save,
    list: () => cards.map(uidOf),
    find(which: string): { uid: string; card: VirtualNtag424Card } | undefined {
      const byNumber = /^[0-9]{1,3}$/.test(which) ? cards[Number(which) - 1] : undefined;
      const card = byNumber ?? cards.find((candidate) => uidOf(candidate) === which.toLowerCase());
      return card && { uid: uidOf(card), card };
    },
  };
}

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
      'cards-file': { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help || !values.server) {
    process.stdout.write(`${USAGE}\n`);
    return values.help ? 0 : 64;
  }

  let pick: ((line: string) => void) | undefined;
  // npm runs the script in apps/server; a relative path means the folder the command was typed in.
  const typedIn = process.env.INIT_CWD ?? process.cwd();
  const keyFile = path.resolve(typedIn, values['key-file'] ?? 'toolpass-reader-key.json');
  const wallet = cardWallet(
    values['cards-file']
      ? path.resolve(typedIn, values['cards-file'])
      : path.join(path.dirname(keyFile), 'toolpass-reader-cards.json'),
  );
  const simulator = new ReaderSimulator({
    server: values.server,
    deviceId: values.name ?? `simulator-${hostname()}`,
    keyFile,
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
    if (pick) {
      pick(line);
      return;
    }
    const [command, argument] = line.split(/\s+/);
    if (command === 'cards') {
      wallet.list().forEach((uid, index) => {
        process.stdout.write(`  ${index + 1}) ${uid}\n`);
      });
    } else if (command === 'card' && argument === 'new') {
      process.stdout.write(`New factory card: ${wallet.add()}\n`);
    } else if (command === 'tap' && argument) {
      const found = wallet.find(argument);
      if (!found) process.stdout.write(`No card ${argument}; "cards" lists them\n`);
      else simulator.tap(found.uid, found.card);
    } else if (line) process.stdout.write('Commands: cards, card new, tap UID|N, quit\n');
  });
  // Enrolment and reset rewrite a card's keys: the file keeps what the card now holds.
  simulator.on('apdu', () => wallet.save());

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
