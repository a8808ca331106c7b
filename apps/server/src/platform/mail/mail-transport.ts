import nodemailer from 'nodemailer';
import type { Logger } from '../logging/logger.ts';
import type { OutgoingMail } from './mail-queue.ts';

export type MailTransport = { send(mail: OutgoingMail): Promise<void>; close(): void };

/** SMTP when SMTP_URL is set; otherwise every mail, link included, is written to the log. */
export function createMailTransport(options: { smtpUrl: string | undefined; from: string; logger: Logger }) {
  if (!options.smtpUrl) {
    return {
      async send(mail: OutgoingMail) {
        options.logger.info(
          { mail: { to: mail.to, subject: mail.subject } },
          `Mail not sent (no SMTP_URL configured). To: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}`,
        );
      },
      close() {},
    } satisfies MailTransport;
  }
  const transporter = nodemailer.createTransport(options.smtpUrl);
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
