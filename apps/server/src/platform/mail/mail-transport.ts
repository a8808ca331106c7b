import type Nodemailer from 'nodemailer';
import { lazyModule } from '../lazy-module.ts';
import type { Logger } from '../logging/logger.ts';

/** Nodemailer loads only where an SMTP server is configured. */
const loadNodemailer = lazyModule<typeof Nodemailer>('nodemailer');
/** A rendered mail to one address. */
export type OutgoingMail = { to: string; subject: string; html: string; text: string };

export type MailTransport = { send(mail: OutgoingMail): Promise<void>; close(): void };

const LINK = /https?:\/\/[^\s<>"]+/g;

/**
 * Nodemailer's own waits (two minutes to connect, ten of silence) would hold a mail job far
 * longer than its lease is meant for: a server that does not answer fails the attempt sooner.
 */
const SMTP_TIMEOUTS = {
  dnsTimeout: 5_000,
  connectionTimeout: 10_000,
  greetingTimeout: 5_000,
  socketTimeout: 10_000,
};
/**
 * What a mail normally takes at most within those waits. A server that answers each command just
 * before the silence runs out takes longer; the runner's lease renewals cover that.
 */
export const MAIL_LONGEST_DELIVERY_MS = 30_000;

/**
 * Without a mail server, what an administrator needs from a mail in plain lines of the server's
 * output: to whom, what, and each link on a line of its own, ready to open (a JSON log line would
 * escape it).
 */
export function mailWithoutServer(mail: OutgoingMail): string {
  const links = [...new Set(mail.text.match(LINK) ?? [])];
  return [
    `Mail not sent (no SMTP_URL): to ${mail.to}, "${mail.subject}"`,
    ...links.map((link) => `  Open: ${link}`),
    '',
  ].join('\n');
}

/** SMTP when SMTP_URL is set; otherwise every mail is logged and its links printed (see above). */
export function createMailTransport(options: {
  smtpUrl: string | undefined;
  from: string;
  logger: Logger;
  /** Where the plain lines go; standard output unless a test listens. */
  print?: (text: string) => void;
}) {
  if (!options.smtpUrl) {
    const print = options.print ?? ((text: string) => void process.stdout.write(text));
    return {
      async send(mail: OutgoingMail) {
        options.logger.info(
          { mail: { to: mail.to, subject: mail.subject } },
          'Mail not sent (no SMTP_URL configured); its links follow on their own lines',
        );
        // Without SMTP these lines are the only way to a verification link, so a quieter log level
        // (LOG_LEVEL=warn) keeps them; only a silent logger (the tests') drops them.
        if (options.logger.isLevelEnabled('fatal')) print(mailWithoutServer(mail));
      },
      close() {},
    } satisfies MailTransport;
  }
  const transporter = loadNodemailer().createTransport({ url: options.smtpUrl, ...SMTP_TIMEOUTS });
  return {
    async send(mail: OutgoingMail) {
      await transporter.sendMail({
        from: options.from,
        to: mail.to,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
      });
    },
    close: () => transporter.close(),
  } satisfies MailTransport;
}
