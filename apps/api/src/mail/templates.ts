import type { Language } from '@mirage/domain';
import { escapeHtml } from '../http/html.ts';
import { RESET_STRINGS, WELCOME_STRINGS } from './templates.i18n.ts';
import { RECEIPT_STRINGS } from './receipt.i18n.ts';
import { REVERSAL_STRINGS } from './reversal.i18n.ts';
import { VERIFY_STRINGS } from './verification.i18n.ts';

/** What a template produces; the caller adds the recipient to make a `Mail`. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

/** `{name}` placeholder, filled with a function so `$&`-like sequences in a username stay literal. */
function fillText(template: string, name: string): string {
  return template.replaceAll('{name}', () => name);
}

function fillHtml(template: string, name: string): string {
  const escapedName = escapeHtml(name);
  return escapeHtml(template).replaceAll('{name}', () => escapedName);
}

const COLORS = {
  page: '#111113',
  card: '#1c1c1f',
  border: '#2c2c31',
  text: '#e7e7ea',
  muted: '#a1a1aa',
  title: '#ffffff',
  button: '#5b4bd6',
  link: '#b4a9ff',
};
const FONT =
  "-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,'Helvetica Neue',Arial,'Noto Sans',sans-serif";

function paragraph(html: string, style = ''): string {
  return `<p style="margin:0 0 16px;${style}">${html}</p>`;
}

/** A single dark card, table-based and inline-styled so that mail clients render it as intended. */
function layout(lang: Language, subject: string, content: string): string {
  return [
    '<!doctype html>',
    `<html lang="${escapeHtml(lang)}">`,
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<meta name="color-scheme" content="dark"><title>${escapeHtml(subject)}</title></head>`,
    `<body style="margin:0;padding:0;background-color:${COLORS.page};">`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:${COLORS.page};">`,
    '<tr><td align="center" style="padding:32px 16px;">',
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px;background-color:${COLORS.card};border:1px solid ${COLORS.border};border-radius:12px;">`,
    `<tr><td style="padding:32px;font-family:${FONT};font-size:16px;line-height:1.6;color:${COLORS.text};">`,
    `<p style="margin:0 0 24px;font-size:20px;font-weight:600;color:${COLORS.title};">Mirage</p>`,
    content,
    '</td></tr></table>',
    '</td></tr></table>',
    '</body></html>',
  ].join('\n');
}

function button(href: string, label: string): string {
  return (
    `<p style="margin:24px 0;"><a href="${escapeHtml(href)}" style="display:inline-block;padding:12px 24px;` +
    `background-color:${COLORS.button};color:#ffffff;text-decoration:none;border-radius:8px;font-weight:600;">` +
    `${escapeHtml(label)}</a></p>`
  );
}

/** The wording of a mail that carries one link: greeting, what it does, how long it works, ignore-if. */
interface LinkStrings {
  subject: string;
  greeting: string;
  intro: string;
  validity: string;
  ignore: string;
  button: string;
  fallback: string;
  signature: string;
}

function linkMail(lang: Language, s: LinkStrings, link: string, username: string): MailContent {
  const text = [
    fillText(s.greeting, username),
    '',
    s.intro,
    '',
    link,
    '',
    s.validity,
    s.ignore,
    '',
    `— ${s.signature}`,
    '',
  ].join('\n');
  const muted = `color:${COLORS.muted};font-size:14px;`;
  const html = layout(
    lang,
    s.subject,
    [
      paragraph(fillHtml(s.greeting, username)),
      paragraph(escapeHtml(s.intro)),
      button(link, s.button),
      paragraph(escapeHtml(s.validity)),
      paragraph(escapeHtml(s.ignore)),
      paragraph(escapeHtml(s.fallback), muted),
      paragraph(
        `<a href="${escapeHtml(link)}" style="color:${COLORS.link};">${escapeHtml(link)}</a>`,
        `${muted}word-break:break-all;`,
      ),
      paragraph(`— ${escapeHtml(s.signature)}`, `margin:24px 0 0;${muted}`),
    ].join('\n'),
  );
  return { subject: s.subject, text, html };
}

/** The password-reset mail: greeting, what the link does, 1 hour and single use, ignore if not asked. */
export function resetPasswordMail(lang: Language, link: string, username: string): MailContent {
  return linkMail(lang, RESET_STRINGS[lang], link, username);
}

/** The address check after sign-up: the link, 48 hours and single use, ignore if no account was made. */
export function verifyEmailMail(lang: Language, link: string, username: string): MailContent {
  return linkMail(lang, VERIFY_STRINGS[lang], link, username);
}

/** A short welcome after sign-up. */
export function welcomeMail(lang: Language, username: string): MailContent {
  const s = WELCOME_STRINGS[lang];
  const text = [fillText(s.greeting, username), '', s.body, '', `— ${s.signature}`, ''].join('\n');
  const html = layout(
    lang,
    s.subject,
    [
      paragraph(fillHtml(s.greeting, username)),
      paragraph(escapeHtml(s.body)),
      paragraph(`— ${escapeHtml(s.signature)}`, `margin:24px 0 0;color:${COLORS.muted};font-size:14px;`),
    ].join('\n'),
  );
  return { subject: s.subject, text, html };
}

/** What a receipt says was bought: a pack's tickets (bonus included), or a month of a plan. */
export type ReceiptProduct = { kind: 'pack'; tickets: number } | { kind: 'plan'; plan: 'basic' | 'pro' };

export interface Receipt {
  product: ReceiptProduct;
  amountCents: number;
  /** ISO 4217, any case (orders store 'usd', 'eur'). */
  currency: string;
  paidAt: Date;
  orderId: string;
  /** A provider id (ccbill, nowpayments, sandbox). */
  provider: string;
}

const PROVIDER_NAMES: Record<string, string> = {
  ccbill: 'CCBill',
  nowpayments: 'NOWPayments',
  sandbox: 'Sandbox',
};
const PLAN_LABELS = { basic: 'Basic', pro: 'Pro' } as const;

/** The receipt's rows, formatted for the reader's language (amounts and dates by Intl, dates in UTC). */
function receiptRows(lang: Language, receipt: Receipt): [string, string][] {
  const s = RECEIPT_STRINGS[lang];
  const bought = receipt.product;
  const product =
    bought.kind === 'pack'
      ? s.pack.replaceAll('{count}', () => new Intl.NumberFormat(lang).format(bought.tickets))
      : s.plan.replaceAll('{plan}', () => PLAN_LABELS[bought.plan]);
  const amount = new Intl.NumberFormat(lang, {
    style: 'currency',
    currency: receipt.currency.toUpperCase(),
  }).format(receipt.amountCents / 100);
  const date = `${new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(receipt.paidAt)} UTC`;
  return [
    [s.product, product],
    [s.amount, amount],
    [s.date, date],
    [s.order, receipt.orderId],
    [s.provider, PROVIDER_NAMES[receipt.provider] ?? receipt.provider],
  ];
}

/** A mail of a greeting, paragraphs, a table of label/value rows, and closing paragraphs (receipts). */
function rowsMail(
  lang: Language,
  username: string,
  parts: {
    subject: string;
    greeting: string;
    intro: string[];
    rows: [string, string][];
    outro: string[];
    signature: string;
  },
): MailContent {
  const text = [
    fillText(parts.greeting, username),
    '',
    ...parts.intro.flatMap((line) => [line, '']),
    ...parts.rows.map(([label, value]) => `${label}: ${value}`),
    '',
    ...parts.outro.flatMap((line) => [line, '']),
    `— ${parts.signature}`,
    '',
  ].join('\n');
  const cell = `padding:8px 0;border-bottom:1px solid ${COLORS.border};`;
  const table = [
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 16px;">',
    ...parts.rows.map(
      ([label, value]) =>
        `<tr><td style="${cell}color:${COLORS.muted};">${escapeHtml(label)}</td>` +
        `<td align="right" style="${cell}color:${COLORS.title};word-break:break-all;">${escapeHtml(value)}</td></tr>`,
    ),
    '</table>',
  ].join('\n');
  const html = layout(
    lang,
    parts.subject,
    [
      paragraph(fillHtml(parts.greeting, username)),
      ...parts.intro.map((line) => paragraph(escapeHtml(line))),
      table,
      ...parts.outro.map((line) => paragraph(escapeHtml(line))),
      paragraph(`— ${escapeHtml(parts.signature)}`, `margin:24px 0 0;color:${COLORS.muted};font-size:14px;`),
    ].join('\n'),
  );
  return { subject: parts.subject, text, html };
}

/** The receipt of one successful payment: product, amount with currency, date, order id, provider. */
export function receiptMail(lang: Language, username: string, receipt: Receipt): MailContent {
  const s = RECEIPT_STRINGS[lang];
  return rowsMail(lang, username, {
    subject: s.subject,
    greeting: s.greeting,
    intro: [s.intro],
    rows: receiptRows(lang, receipt),
    outro: [s.keep],
    signature: s.signature,
  });
}

/** What a refund or a chargeback took back, for the mail that tells the buyer. */
export interface Reversal {
  kind: 'refunded' | 'charged_back';
  /** Tickets taken back, and those already spent that could not be. */
  takenTickets: number;
  shortfall: number;
  /** A plan purchase: the plan ended. */
  planEnded: boolean;
}

/** The buyer's notice of a refund or a chargeback: the order's rows, and what was taken back. */
export function reversalMail(
  lang: Language,
  username: string,
  receipt: Receipt,
  reversal: Reversal,
): MailContent {
  const s = REVERSAL_STRINGS[lang];
  const number = (count: number) => new Intl.NumberFormat(lang).format(count);
  const outcome = reversal.planEnded
    ? s.planEnded
    : s.ticketsTaken.replaceAll('{count}', () => number(reversal.takenTickets));
  const outro = [outcome];
  if (reversal.shortfall > 0) outro.push(s.shortfall.replaceAll('{count}', () => number(reversal.shortfall)));
  outro.push(s.questions);
  return rowsMail(lang, username, {
    subject: reversal.kind === 'refunded' ? s.refundSubject : s.chargebackSubject,
    greeting: RECEIPT_STRINGS[lang].greeting,
    intro: [reversal.kind === 'refunded' ? s.refundIntro : s.chargebackIntro],
    rows: receiptRows(lang, receipt),
    outro,
    signature: RECEIPT_STRINGS[lang].signature,
  });
}
