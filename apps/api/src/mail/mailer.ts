import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';

/** One outgoing message: a plain-text part and an HTML part with the same content. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * The same on every retry of one send (an outbox delivery's key): becomes the Message-ID, so that a
   * receiving server can drop the duplicate of a mail that an at-least-once retry sent twice.
   */
  idempotencyKey?: string;
}

export interface Mailer {
  /** Sends (or, without SMTP, stores) one message; rejects when the SMTP server refuses it. */
  send(mail: Mail): Promise<void>;
  /** Releases the SMTP connections, if any. */
  close(): Promise<void>;
}

export interface MailLog {
  info(obj: object, msg: string): void;
}

export type OutboxMail = Mail & { file: string; created_at: string };

type MailerConfig = Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'DATA_DIR'>;

/** Network limits of the SMTP transport: a dead mail server must not hold a request for minutes. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/**
 * SMTP_URL set: real delivery through nodemailer (options may ride in the URL query, e.g. `?ignoreTLS=true`).
 * SMTP_URL unset: the development outbox, one JSON file per mail under DATA_DIR/outbox, with the first
 * link logged so a developer can follow a password-reset mail from the console.
 */
export function createMailer(config: MailerConfig, log: MailLog): Mailer {
  return config.SMTP_URL
    ? smtpMailer(config.SMTP_URL, config.MAIL_FROM, log)
    : outboxMailer(config.DATA_DIR, log);
}

function smtpMailer(url: string, from: string, log: MailLog): Mailer {
  const transport = nodemailer.createTransport({ ...SMTP_TIMEOUTS, url });
  return {
    async send(mail) {
      await transport.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        ...(mail.idempotencyKey ? { messageId: messageIdOf(mail.idempotencyKey, from) } : {}),
      });
      // Never log the body or its links here: in production they are secrets (reset tokens).
      log.info({ to: mail.to, subject: mail.subject }, 'mail sent');
    },
    close() {
      transport.close();
      return Promise.resolve();
    },
  };
}

/** A Message-ID (RFC 5322) made from an idempotency key, on the sender's domain. */
export function messageIdOf(key: string, from: string): string {
  const domain = /@([^>\s]+)/.exec(from)?.[1] ?? 'mirage.invalid';
  return `<${key.replace(/[^\w.-]/g, '-')}@${domain}>`;
}

export function outboxDir(dataDir: string): string {
  return path.join(dataDir, 'outbox');
}

/** The first http(s) address in a text, without trailing punctuation. */
export function firstLink(text: string): string | null {
  const match = /https?:\/\/[^\s<>"']+/.exec(text);
  return match ? match[0].replace(/[.,;:!?)\]]+$/, '') : null;
}

function outboxMailer(dataDir: string, log: MailLog): Mailer {
  const dir = outboxDir(dataDir);
  let lastTime = 0;
  return {
    async send(mail) {
      // Strictly increasing timestamps keep the order of mails sent within the same millisecond.
      lastTime = Math.max(Date.now(), lastTime + 1);
      const createdAt = new Date(lastTime).toISOString();
      const name = `${createdAt.replaceAll(':', '-')}-${randomBytes(6).toString('hex')}.json`;
      const record = {
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        created_at: createdAt,
      };
      await mkdir(dir, { recursive: true });
      // Write then rename, so a reader polling the folder never sees half a file.
      const temporary = path.join(dir, `.${name}.tmp`);
      await writeFile(temporary, `${JSON.stringify(record, null, 2)}\n`, 'utf8');
      await rename(temporary, path.join(dir, name));
      log.info({ to: mail.to, subject: mail.subject, link: firstLink(mail.text) }, 'mail written to outbox');
    },
    close() {
      return Promise.resolve();
    },
  };
}

function isOutboxRecord(value: unknown): value is Mail & { created_at: string } {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return ['to', 'subject', 'text', 'html', 'created_at'].every((key) => typeof record[key] === 'string');
}

/** Every mail of the outbox, oldest first (newest last). A missing outbox is an empty one. */
export async function readOutbox(dataDir: string): Promise<OutboxMail[]> {
  const dir = outboxDir(dataDir);
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const mails: OutboxMail[] = [];
  for (const name of names) {
    if (!name.endsWith('.json') || name.startsWith('.')) continue;
    const file = path.join(dir, name);
    let parsed: unknown;
    try {
      parsed = JSON.parse(await readFile(file, 'utf8'));
    } catch {
      continue; // not one of ours
    }
    if (!isOutboxRecord(parsed)) continue;
    const { to, subject, text, html, created_at } = parsed;
    mails.push({ to, subject, text, html, created_at, file });
  }
  return mails.sort((a, b) => compare(a.created_at, b.created_at) || compare(a.file, b.file));
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
