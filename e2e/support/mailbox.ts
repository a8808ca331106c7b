import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { e2eEnvironment } from './environment.ts';
import type { CapturedMail } from './mail-capture.ts';

const POLL_MS = 100;

/** The next mail to `to` whose subject matches; it is taken out of the mailbox. */
export async function waitForMail(to: string, subject: RegExp, timeoutMs = 15_000): Promise<CapturedMail> {
  const { mailDir } = e2eEnvironment();
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = (await readdir(mailDir)).filter((file) => file.endsWith('.json')).sort();
    for (const file of files) {
      const filePath = path.join(mailDir, file);
      const mail = JSON.parse(await readFile(filePath, 'utf8')) as CapturedMail;
      if (mail.to.includes(to.toLowerCase()) && subject.test(mail.subject)) {
        await rm(filePath);
        return mail;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  throw new Error(`No mail to ${to} with subject ${subject} within ${timeoutMs} ms`);
}

/** The first link in a mail's text whose path is `pathname`. */
export function linkIn(mail: CapturedMail, pathname: string): URL {
  const link = mail.text
    .match(/https?:\/\/\S+/g)
    ?.map((href) => new URL(href))
    .find((url) => url.pathname === pathname);
  if (!link) throw new Error(`No ${pathname} link in mail "${mail.subject}":\n${mail.text}`);
  return link;
}
