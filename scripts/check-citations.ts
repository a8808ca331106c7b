// Every rule the code cites must exist in the repository (issue 27): `spec 01 §7` is the
// heading "## 7." of docs/spec/01-*.md, `architecture §Events` the heading "## Events" of
// docs/architecture.md, `decision 8` the record docs/decisions/0008-*.md. The old `DESIGN §n`
// pointed outside the repository and is refused. Run by `npm test`; exits 1 listing each miss.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const SCANNED = ['apps', 'packages', 'e2e', 'bench', 'docs', 'scripts', 'README.md'];
const SKIPPED = new Set(['node_modules', 'dist', 'data', 'test-results', 'playwright-report', 'spec']);
const TEXT = /\.(ts|tsx|js|mjs|md|css|html|json)$/;

function* files(at: string): Generator<string> {
  const full = path.join(root, at);
  if (TEXT.test(at) && !at.includes(path.sep)) {
    yield full;
    return;
  }
  for (const entry of readdirSync(full, { withFileTypes: true })) {
    if (SKIPPED.has(entry.name) || entry.name.startsWith('.')) continue;
    const child = path.join(at, entry.name);
    if (entry.isDirectory()) yield* files(child);
    else if (TEXT.test(entry.name)) yield path.join(root, child);
  }
}

function headings(file: string): string[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('## '))
    .map((line) => line.slice(3).trim());
}

const specSections = new Map<string, Set<string>>();
for (const name of readdirSync(path.join(root, 'docs/spec'))) {
  const number = /^(\d\d)-.*\.md$/.exec(name)?.[1];
  if (!number) continue;
  const sections = headings(path.join(root, 'docs/spec', name)).map((title) => /^(\d+)\./.exec(title)?.[1]);
  specSections.set(number, new Set(sections.filter((section) => section !== undefined)));
}
const architectureSections = new Set(headings(path.join(root, 'docs/architecture.md')));
const decisions = new Set(
  readdirSync(path.join(root, 'docs/decisions')).map((name) => Number(/^(\d{4})-/.exec(name)?.[1])),
);

const misses: string[] = [];
for (const top of SCANNED) {
  for (const file of files(top)) {
    if (file === import.meta.filename) continue;
    const lines = readFileSync(file, 'utf8').split('\n');
    lines.forEach((line, index) => {
      const where = `${path.relative(root, file)}:${index + 1}`;
      for (const match of line.matchAll(/spec (\d\d) §(\d+)(?:[-–]§(\d+))?/g)) {
        const [, document = '', first = '', last] = match;
        const sections = specSections.get(document);
        for (const section of [first, last]) {
          if (section !== undefined && !sections?.has(section)) misses.push(`${where}: ${match[0]}`);
        }
      }
      for (const match of line.matchAll(/architecture §([A-Z][\w-]*)/g)) {
        if (!architectureSections.has(match[1] ?? '')) misses.push(`${where}: ${match[0]}`);
      }
      for (const match of line.matchAll(/\b[Dd]ecisions? (\d+)\b/g)) {
        if (!decisions.has(Number(match[1]))) misses.push(`${where}: ${match[0]}`);
      }
      if (/DESIGN §/.test(line)) misses.push(`${where}: DESIGN § (cite architecture §Name or a decision)`);
    });
  }
}

if (misses.length > 0) {
  process.stderr.write(`Citations that resolve to nothing:\n${misses.join('\n')}\n`);
  process.exit(1);
}
process.stdout.write('Every spec, architecture and decision citation resolves.\n');
