import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '..', '..');
const nodeBinary = path.join(repoRoot, 'node_modules', '.bin', 'node');
const readerCli = path.join(repoRoot, 'apps', 'server', 'src', 'cli', 'reader-simulator', 'reader-cli.ts');

export type ReaderTerminal = Awaited<ReturnType<typeof startReaderSimulator>>;

/**
 * `npm run reader` as an administrator runs it next to the server: the real simulator process,
 * typed at through stdin, read from its terminal output. Its key and cards live in a folder of
 * their own, removed by `stop()`.
 */
export async function startReaderSimulator(server: string, name: string) {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'toolpass-e2e-reader-'));
  const child: ChildProcess = spawn(
    nodeBinary,
    [
      '--disable-warning=ExperimentalWarning',
      readerCli,
      '--server',
      server,
      '--name',
      name,
      '--key-file',
      path.join(folder, 'key.json'),
      '--cards-file',
      path.join(folder, 'cards.json'),
    ],
    { cwd: folder, env: { PATH: process.env.PATH ?? '' }, stdio: ['pipe', 'pipe', 'pipe'] },
  );
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));

  /** The first match of `pattern` in what the terminal printed after `from` characters. */
  async function waitFor(pattern: RegExp, from = 0, timeoutMs = 20_000): Promise<RegExpExecArray> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const match = pattern.exec(output.slice(from));
      if (match) return match;
      if (Date.now() > deadline)
        throw new Error(`The reader did not print ${pattern}; it printed:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  return {
    waitFor,
    /** Types a command and waits for what it prints: `card new`, `tap 1`... */
    async type(command: string, answer: RegExp): Promise<RegExpExecArray> {
      const from = output.length;
      child.stdin?.write(`${command}\n`);
      return waitFor(answer, from);
    },
    /** Everything printed so far, to wait for what comes after it. */
    mark: () => output.length,
    async stop() {
      if (child.exitCode === null) {
        child.stdin?.write('quit\n');
        const timer = setTimeout(() => child.kill('SIGKILL'), 3_000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
