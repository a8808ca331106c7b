/**
 * The POSIX tar (ustar) format, as much as a backup needs: regular files with a mode, written
 * and read whole. Tar keeps the archive readable with the system's `tar` too; anything else in
 * an archive (links, devices) is refused on reading.
 */

const BLOCK = 512;

export type TarEntry = { name: string; data: Buffer; mode: number };

export class TarFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TarFormatError';
  }
}

function writeString(header: Buffer, value: string, offset: number, length: number) {
  const bytes = Buffer.from(value, 'utf8');
  if (bytes.length > length) throw new TarFormatError(`"${value}" is too long for a tar header`);
  bytes.copy(header, offset);
}

function writeOctal(header: Buffer, value: number, offset: number, length: number) {
  header.write(`${value.toString(8).padStart(length - 1, '0')}\0`, offset, length, 'ascii');
}

/** Splits a path into ustar's prefix (155 bytes) and name (100 bytes) at a slash. */
function splitName(name: string): { prefix: string; name: string } {
  if (Buffer.byteLength(name) <= 100) return { prefix: '', name };
  for (let cut = name.indexOf('/'); cut !== -1; cut = name.indexOf('/', cut + 1)) {
    const prefix = name.slice(0, cut);
    const rest = name.slice(cut + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(rest) <= 100) return { prefix, name: rest };
  }
  throw new TarFormatError(`The path ${name} is too long for a tar archive`);
}

/** The header block and padded content of one regular file. */
export function tarEntry(entry: TarEntry, mtime: Date): Buffer[] {
  const header = Buffer.alloc(BLOCK);
  const { prefix, name } = splitName(entry.name);
  writeString(header, name, 0, 100);
  writeOctal(header, entry.mode & 0o7777, 100, 8);
  writeOctal(header, 0, 108, 8);
  writeOctal(header, 0, 116, 8);
  writeOctal(header, entry.data.length, 124, 12);
  writeOctal(header, Math.floor(mtime.getTime() / 1000), 136, 12);
  header.fill(' ', 148, 156);
  header.write('0', 156, 1, 'ascii');
  header.write('ustar\0', 257, 6, 'ascii');
  header.write('00', 263, 2, 'ascii');
  writeString(header, prefix, 345, 155);
  let sum = 0;
  for (const byte of header) sum += byte;
  header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 8, 'ascii');
  const padding = (BLOCK - (entry.data.length % BLOCK)) % BLOCK;
  return [header, entry.data, Buffer.alloc(padding)];
}

/** Two empty blocks end an archive. */
export const TAR_END = Buffer.alloc(BLOCK * 2);

function readString(block: Buffer, offset: number, length: number): string {
  const raw = block.subarray(offset, offset + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? length : end).toString('utf8');
}

function readOctal(block: Buffer, offset: number, length: number): number {
  const text = readString(block, offset, length).trim();
  if (!/^[0-7]*$/.test(text)) throw new TarFormatError('A tar header holds a number that is not octal');
  return text === '' ? 0 : Number.parseInt(text, 8);
}

/** Every file of a whole tar archive; throws TarFormatError on anything but regular files. */
export function readTar(archive: Buffer): TarEntry[] {
  const entries: TarEntry[] = [];
  let offset = 0;
  while (offset + BLOCK <= archive.length) {
    const header = archive.subarray(offset, offset + BLOCK);
    if (header.every((byte) => byte === 0)) return entries;
    const stored = readOctal(header, 148, 8);
    let sum = 0;
    for (let index = 0; index < BLOCK; index += 1)
      sum += index >= 148 && index < 156 ? 0x20 : (header[index] ?? 0);
    if (sum !== stored) throw new TarFormatError('A tar header checksum does not match');
    const type = String.fromCharCode(header[156] ?? 0);
    if (type !== '0' && type !== '\0')
      throw new TarFormatError('The archive holds something other than files');
    const prefix = readString(header, 345, 155);
    const name = readString(header, 0, 100);
    const size = readOctal(header, 124, 12);
    const start = offset + BLOCK;
    if (start + size > archive.length) throw new TarFormatError('The archive ends inside a file');
    entries.push({
      name: prefix ? `${prefix}/${name}` : name,
      data: archive.subarray(start, start + size),
      mode: readOctal(header, 100, 8),
    });
    offset = start + Math.ceil(size / BLOCK) * BLOCK;
  }
  throw new TarFormatError('The archive has no end');
}
