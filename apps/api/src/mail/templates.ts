import type { Language } from '@mirage/domain';
import { escapeHtml } from '../http/html.ts';
import { RESET_STRINGS, WELCOME_STRINGS } from './templates.i18n.ts';

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

/** The password-reset mail: greeting, what the link does, 1 hour and single use, ignore if not asked. */
export function resetPasswordMail(lang: Language, link: string, username: string): MailContent {
  const s = RESET_STRINGS[lang];
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
