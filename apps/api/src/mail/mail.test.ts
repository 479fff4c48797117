import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LANGUAGES } from '@mirage/domain';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { createMailer, firstLink, readOutbox } from './mailer.ts';
import { escapeHtml } from '../http/html.ts';
import { resetPasswordMail, welcomeMail } from './templates.ts';

const LINK =
  'http://localhost:8080/reset-password?token=Zm9vYmFyYmF6cXV4LXRoaXMtaXMtYS1sb25nLXRva2VuLXZhbHVl&x=1';
const FROM = 'Mirage <no-reply@mirage.test>';

interface Received {
  from: string | undefined;
  to: string[];
  raw: string;
}

interface LogEntry {
  obj: object;
  msg: string;
}

function recordingLog(): { entries: LogEntry[]; info(obj: object, msg: string): void } {
  const entries: LogEntry[] = [];
  return { entries, info: (obj, msg) => void entries.push({ obj, msg }) };
}

/** A real SMTP server on 127.0.0.1, plain text (no STARTTLS), keeping every message it accepts. */
async function startSmtpServer(): Promise<{ port: number; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mailFrom = session.envelope.mailFrom;
        received.push({
          from: mailFrom ? mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((address) => address.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Decodes the text parts of a MIME message (7bit, quoted-printable or base64), enough for these tests. */
function decodedBody(raw: string): string {
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  return parts
    .map((part) => {
      const split = part.search(/\r?\n\r?\n/);
      if (split < 0) return '';
      const headers = part.slice(0, split).toLowerCase();
      const body = part.slice(split).trim();
      if (headers.includes('content-transfer-encoding: base64')) {
        return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
      }
      if (headers.includes('content-transfer-encoding: quoted-printable')) {
        const bytes = body
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
        return Buffer.from(bytes, 'latin1').toString('utf8');
      }
      return body;
    })
    .join('\n');
}

function header(raw: string, name: string): string | undefined {
  const head = raw.slice(0, raw.search(/\r?\n\r?\n/));
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const line = unfolded.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function tempDataDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'mirage-mail-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

describe('SMTP mailer', () => {
  it('delivers a reset mail to a real SMTP server with the right envelope, subject and link', async () => {
    const smtp = await startSmtpServer();
    cleanups.push(() => smtp.close());
    const log = recordingLog();
    const dataDir = await tempDataDir();
    const mailer = createMailer(
      { SMTP_URL: `smtp://127.0.0.1:${smtp.port}?ignoreTLS=true`, MAIL_FROM: FROM, DATA_DIR: dataDir },
      log,
    );
    cleanups.push(() => mailer.close());
    const content = resetPasswordMail('en', LINK, 'alice');

    await mailer.send({ to: 'alice@example.test', ...content });

    expect(smtp.received).toHaveLength(1);
    const [message] = smtp.received;
    expect(message?.to).toEqual(['alice@example.test']);
    expect(message?.from).toBe('no-reply@mirage.test');
    const raw = message?.raw ?? '';
    expect(header(raw, 'Subject')).toBe('Reset your Mirage password');
    expect(header(raw, 'To')).toBe('alice@example.test');
    expect(header(raw, 'From')).toContain('no-reply@mirage.test');
    const body = decodedBody(raw);
    expect(body).toContain(LINK); // text part
    expect(body).toContain(`href="${escapeHtml(LINK)}"`); // HTML part
    expect(body).toContain('Hello alice,');
    // Nothing went to the development outbox, and the link was not logged.
    expect(await readOutbox(dataDir)).toEqual([]);
    expect(JSON.stringify(log.entries)).not.toContain('token=');
  });

  it('rejects when the SMTP server cannot be reached', async () => {
    const smtp = await startSmtpServer();
    const port = smtp.port;
    await smtp.close();
    const mailer = createMailer(
      { SMTP_URL: `smtp://127.0.0.1:${port}?ignoreTLS=true`, MAIL_FROM: FROM, DATA_DIR: await tempDataDir() },
      recordingLog(),
    );
    cleanups.push(() => mailer.close());
    await expect(
      mailer.send({ to: 'bob@example.test', subject: 's', text: 't', html: 'h' }),
    ).rejects.toThrow();
  });
});

describe('outbox mailer', () => {
  it('writes each mail as JSON under DATA_DIR/outbox, reads them back newest last and logs the link', async () => {
    const dataDir = await tempDataDir();
    const log = recordingLog();
    const mailer = createMailer({ SMTP_URL: undefined, MAIL_FROM: FROM, DATA_DIR: dataDir }, log);

    expect(await readOutbox(dataDir)).toEqual([]); // no folder yet
    await mailer.send({ to: 'first@example.test', ...welcomeMail('fr', 'first') });
    await mailer.send({ to: 'carol@example.test', ...resetPasswordMail('de', LINK, 'carol') });
    await mailer.close();

    const files = await readdir(path.join(dataDir, 'outbox'));
    expect(files).toHaveLength(2);
    for (const file of files)
      expect(file).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.\d{3}Z-[0-9a-f]+\.json$/);

    const mails = await readOutbox(dataDir);
    expect(mails.map((mail) => mail.to)).toEqual(['first@example.test', 'carol@example.test']);
    const reset = mails[1];
    expect(reset?.subject).toBe('Setzen Sie Ihr Mirage-Passwort zurück');
    expect(reset?.text).toContain(LINK);
    expect(reset?.html).toContain(escapeHtml(LINK));
    expect(reset?.file.startsWith(path.join(dataDir, 'outbox'))).toBe(true);
    expect(Date.parse(reset?.created_at ?? '')).not.toBeNaN();
    expect((mails[0]?.created_at ?? '') < (reset?.created_at ?? '')).toBe(true);

    expect(log.entries).toHaveLength(2);
    expect(log.entries[0]?.obj).toEqual({
      to: 'first@example.test',
      subject: 'Bienvenue sur Mirage',
      link: null,
    });
    expect(log.entries[1]?.obj).toEqual({ to: 'carol@example.test', subject: reset?.subject, link: LINK });
  });

  it('keeps the sending order of many mails sent in the same instant, in the documented file format', async () => {
    const dataDir = await tempDataDir();
    const mailer = createMailer({ SMTP_URL: undefined, MAIL_FROM: FROM, DATA_DIR: dataDir }, recordingLog());
    const recipients = Array.from({ length: 8 }, (_, index) => `user${index}@example.test`);
    for (const to of recipients) await mailer.send({ to, ...welcomeMail('en', to) });

    const mails = await readOutbox(dataDir);
    expect(mails.map((mail) => mail.to)).toEqual(recipients);
    const stamps = mails.map((mail) => mail.created_at);
    expect(new Set(stamps).size).toBe(stamps.length);
    expect([...stamps].sort()).toEqual(stamps);

    const stored: unknown = JSON.parse(await readFile(mails[0]?.file ?? '', 'utf8'));
    expect(Object.keys(stored as object).sort()).toEqual(['created_at', 'html', 'subject', 'text', 'to']);
  });

  it('ignores foreign files in the outbox folder', async () => {
    const dataDir = await tempDataDir();
    const mailer = createMailer({ SMTP_URL: undefined, MAIL_FROM: FROM, DATA_DIR: dataDir }, recordingLog());
    await mailer.send({ to: 'dave@example.test', ...resetPasswordMail('en', LINK, 'dave') });
    await writeFile(path.join(dataDir, 'outbox', 'notes.json'), '{not json');
    await writeFile(path.join(dataDir, 'outbox', 'other.json'), '{"to": 1}');
    const mails = await readOutbox(dataDir);
    expect(mails.map((mail) => mail.to)).toEqual(['dave@example.test']);
  });
});

describe('firstLink', () => {
  it('finds the first http(s) address and drops trailing punctuation', () => {
    expect(firstLink('Go to https://a.test/x?y=1. Or http://b.test')).toBe('https://a.test/x?y=1');
    expect(firstLink('no link here')).toBeNull();
  });
});

describe('templates', () => {
  const hostile = '<script>alert("x")</script> $& {name}';

  it('gives every language its own non-empty subject, the link and the username', () => {
    const subjects = new Set<string>();
    for (const lang of LANGUAGES) {
      const mail = resetPasswordMail(lang, LINK, 'erin');
      expect(mail.subject.trim()).not.toBe('');
      subjects.add(mail.subject);
      expect(mail.text).toContain(LINK);
      expect(mail.text).toContain('erin');
      expect(mail.text).toContain('1');
      expect(mail.html).toContain(`href="${escapeHtml(LINK)}"`);
      expect(mail.html).toContain(`>${escapeHtml(LINK)}</a>`);
      expect(mail.html).toContain('erin');
      expect(mail.html).toContain(`<html lang="${lang}">`);
    }
    expect(subjects.size).toBe(LANGUAGES.length);
  });

  it('escapes the username (and the link) in the HTML of every language', () => {
    for (const lang of LANGUAGES) {
      for (const mail of [
        resetPasswordMail(lang, `${LINK}"><script>`, hostile),
        welcomeMail(lang, hostile),
      ]) {
        expect(mail.html).not.toContain('<script>');
        expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; $&amp; {name}');
        expect(mail.text).toContain(hostile); // plain text keeps the name as typed
      }
    }
  });

  it('writes a short welcome in every language', () => {
    const subjects = new Set(LANGUAGES.map((lang) => welcomeMail(lang, 'frank').subject));
    expect(subjects.size).toBe(LANGUAGES.length);
    for (const lang of LANGUAGES) {
      const mail = welcomeMail(lang, 'frank');
      expect(mail.text).toContain('frank');
      expect(mail.html).toContain('frank');
      expect(mail.subject).not.toBe(resetPasswordMail(lang, LINK, 'frank').subject);
    }
  });
});

describe('escapeHtml', () => {
  it('escapes the five HTML-significant characters', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });
});
