import { expect } from 'vitest';
import { readOutbox } from '../../apps/api/src/mail/mailer.ts';

const VERIFY_LINK = /https?:\/\/\S+\/account\/verify\?token=[\w%-]+/;

/**
 * The address-check link mailed to `email` (the server's outbox folder under its data dir: without SMTP,
 * mails are files), waiting up to 15 s for the outbox dispatcher to send it. A plain loop, not
 * expect.poll: the shop's specs call it from beforeAll.
 */
export async function verificationLink(dataDir: string, email: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const mail = (await readOutbox(dataDir)).find((item) => item.to === email && VERIFY_LINK.test(item.text));
    if (mail) return VERIFY_LINK.exec(mail.text)![0];
    if (Date.now() > deadline) throw new Error(`no verification mail to ${email} within 15 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Verifies an account's address the way its owner would, through the mailed link's call (a purchase needs
 * it: the shop's specs make their buyers with this).
 */
export async function verifyAccount(baseUrl: string, dataDir: string, email: string): Promise<void> {
  const token = new URL(await verificationLink(dataDir, email)).searchParams.get('token');
  const answer = await fetch(`${baseUrl}/api/user/verify-email`, {
    method: 'POST',
    headers: { origin: baseUrl, 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  expect(answer.status, `verifying ${email}`).toBe(200);
}
