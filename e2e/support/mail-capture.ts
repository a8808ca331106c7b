import { mkdir, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

/** A received mail, as the capture writes it to the mail folder (one JSON file per mail). */
export type CapturedMail = { to: string[]; subject: string; text: string; html: string; receivedAt: number };

function decodeQuotedPrintable(value: string): string {
  const bytes = value
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function decodeHeader(value: string): string {
  return value.replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, encoding: string, text: string) =>
    encoding.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );
}

/** The decoded body of the first MIME part with this content type. */
function mimePart(raw: string, type: string): string {
  const index = raw.toLowerCase().indexOf(`content-type: ${type}`);
  if (index < 0) return '';
  const rest = raw.slice(index);
  const headerEnd = rest.search(/\r?\n\r?\n/);
  const headers = rest.slice(0, headerEnd).toLowerCase();
  const body =
    rest
      .slice(headerEnd)
      .replace(/^\r?\n\r?\n/, '')
      .split(/\r?\n--/)[0] ?? '';
  if (headers.includes('quoted-printable')) return decodeQuotedPrintable(body);
  if (headers.includes('base64')) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

/**
 * A real SMTP server on a free loopback port. Tests run in other processes than the global setup,
 * so every mail is written to `mailDir` where the test's mailbox reads it.
 */
export async function startMailCapture(mailDir: string) {
  await mkdir(mailDir, { recursive: true });
  let sequence = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const mail: CapturedMail = {
          to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
          subject: decodeHeader(
            /^Subject: (.*(?:\r?\n[ \t].*)*)/im.exec(raw)?.[1]?.replace(/\r?\n[ \t]/g, ' ') ?? '',
          ),
          text: mimePart(raw, 'text/plain'),
          html: mimePart(raw, 'text/html'),
          receivedAt: Date.now(),
        };
        sequence += 1;
        const file = path.join(mailDir, `${Date.now()}-${String(sequence).padStart(5, '0')}.json`);
        writeFile(file, JSON.stringify(mail)).then(() => callback(), callback);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
