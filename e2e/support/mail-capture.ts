import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type CapturedSmtpMail as ReceivedMail, startSmtpCapture } from '@toolpass/server/testing';

/** A received mail, as the capture writes it to the mail folder (one JSON file per mail). */
export type CapturedMail = { to: string[]; subject: string; text: string; html: string; receivedAt: number };

/**
 * The server tests' SMTP capture. Tests run in other processes than the global setup, so every
 * mail is also written to `mailDir`, where the test's mailbox reads it.
 */
export async function startMailCapture(mailDir: string) {
  await mkdir(mailDir, { recursive: true });
  let sequence = 0;
  const capture = await startSmtpCapture({
    onMail: async (mail: ReceivedMail) => {
      sequence += 1;
      const stored: CapturedMail = {
        to: mail.to.map((address) => address.toLowerCase()),
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        receivedAt: Date.now(),
      };
      // Written under another name and renamed: a mailbox polling the folder must never read a
      // file that is still being written (it would parse an empty or partial JSON document).
      const file = path.join(mailDir, `${Date.now()}-${String(sequence).padStart(5, '0')}.json`);
      await writeFile(`${file}.partial`, JSON.stringify(stored));
      await rename(`${file}.partial`, file);
    },
  });
  return { url: capture.url, close: capture.close };
}
