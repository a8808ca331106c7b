import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type CapturedMail = { to: string[]; subject: string; text: string; html: string; raw: string };

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
function part(raw: string, type: string): string {
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
 * A real SMTP server on a free loopback port that keeps every mail it receives. `onMail` sees
 * each mail before the sender is answered (the browser tests write them to a folder with it).
 */
export async function startSmtpCapture(options: { onMail?: (mail: CapturedMail) => Promise<void> } = {}) {
  const mails: CapturedMail[] = [];
  const waiters: { match: (mail: CapturedMail) => boolean; resolve: (mail: CapturedMail) => void }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const subject = decodeHeader(
          /^Subject: (.*(?:\r?\n[ \t].*)*)/im.exec(raw)?.[1]?.replace(/\r?\n[ \t]/g, ' ') ?? '',
        );
        const mail: CapturedMail = {
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          subject,
          text: part(raw, 'text/plain'),
          html: part(raw, 'text/html'),
          raw,
        };
        mails.push(mail);
        for (const waiter of [...waiters]) {
          if (waiter.match(mail)) {
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.resolve(mail);
          }
        }
        if (options.onMail) options.onMail(mail).then(() => callback(), callback);
        else callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    /** The next (or an already received) mail to this address whose subject matches. */
    waitFor(to: string, subject?: RegExp, timeoutMs = 5_000): Promise<CapturedMail> {
      const match = (mail: CapturedMail) =>
        mail.to.some((address) => address.toLowerCase() === to.toLowerCase()) &&
        (!subject || subject.test(mail.subject));
      const seen = mails.find(match);
      if (seen) {
        mails.splice(mails.indexOf(seen), 1);
        return Promise.resolve(seen);
      }
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`No mail to ${to} within ${timeoutMs} ms`)),
          timeoutMs,
        );
        waiters.push({
          match,
          resolve: (mail) => {
            clearTimeout(timer);
            mails.splice(mails.indexOf(mail), 1);
            resolve(mail);
          },
        });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpCapture = Awaited<ReturnType<typeof startSmtpCapture>>;

/** The first link in a mail's text that starts with the given path. */
export function linkIn(mail: CapturedMail, pathPrefix: string): URL {
  const found = mail.text
    .match(/https?:\/\/\S+/g)
    ?.map((href) => new URL(href))
    .find((url) => url.pathname.startsWith(pathPrefix));
  if (!found) throw new Error(`No ${pathPrefix} link in mail "${mail.subject}":\n${mail.text}`);
  return found;
}
