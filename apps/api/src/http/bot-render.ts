import { isBotUserAgent } from '@mirage/domain';
import type { LegalBlock, LegalDocument } from '@mirage/domain/legal';
import { escapeHtml } from './html.ts';
import { interpolate } from './seo-text.ts';

/**
 * The readable text of a page inside the HTML the server sends, for crawlers (docs/product/routes.md#search-engines):
 * the crawlers of adult directories, and many others, run no JavaScript, so the app's own rendering never
 * reaches them. For a request whose user agent is a bot (`isBotUserAgent`, the rule the route guards use)
 * the page's text goes inside `<div id="root">`, where the app would render it; people get the page as
 * built. The text is the page's own, from the same sources the app shows (packages/i18n's strings and
 * documents, the legal documents, the public image's own data): the same content, only without scripts.
 * Every text is escaped.
 */

/** One block of a page's text. */
export type TextBlock =
  | { kind: 'h1' | 'h2' | 'h3' | 'p'; text: string }
  | { kind: 'ul'; items: string[] }
  | { kind: 'img'; src: string; alt: string; width: number; height: number }
  | { kind: 'link'; href: string; text: string }
  | { kind: 'nav'; links: { href: string; text: string }[] };

/** Whether a request comes from a crawler (the route guards' rule: spec §1 "bots recognised by user agent"). */
export function isBotRequest(userAgent: string | undefined): boolean {
  return typeof userAgent === 'string' && isBotUserAgent(userAgent);
}

/** Keys of a content document that hold no reading text: anchors, addresses, pictures, dates, codes. */
const NON_TEXT_KEYS = new Set([
  'id',
  'ids',
  'slug',
  'anchor',
  'href',
  'url',
  'link',
  'src',
  'image',
  'images',
  'icon',
  'uuid',
  'avatar',
  'platform',
  'updated',
  'doc',
  'meta_title',
]);
/** Keys whose text is a heading. */
const HEADING_KEYS = new Set(['title', 'heading', 'question']);

/** A string that is an identifier or an address (no reader-facing text): "content-policy", "/guide#seed". */
function looksLikeCode(text: string): boolean {
  const value = text.trim();
  return (
    value === '' ||
    /^(?:https?:\/\/|\/|#|mailto:)\S*$/i.test(value) ||
    /^[a-z0-9]+(?:[-_.][a-z0-9]+)*$/.test(value) ||
    /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)
  );
}

/**
 * Every reading text of a document, in its order: strings under title/heading/question keys as headings
 * (h2 at the top levels, h3 deeper), lists of strings inside lists as bullets, every other string as a
 * paragraph, with `values` in its {{placeholders}}. Identifiers, addresses and picture fields are left out.
 * Generic on purpose: the documents'
 * shapes belong to their pages (apps/web/src/pages), and any text added to them reaches crawlers too.
 */
export function blocksOfDocument(
  document: unknown,
  options: { skipKeys?: ReadonlySet<string>; values?: Readonly<Record<string, string>> } = {},
): TextBlock[] {
  const skipKeys = options.skipKeys ?? new Set<string>();
  // The numbers a document names as {{placeholders}}, as its page fills them (the guide's prices, limits).
  const fill = (value: string) => interpolate(value.trim(), options.values ?? {});
  const blocks: TextBlock[] = [];
  const walk = (value: unknown, key: string | null, depth: number) => {
    if (typeof value === 'string') {
      if (looksLikeCode(value)) return;
      const heading = key !== null && HEADING_KEYS.has(key);
      blocks.push({ kind: heading ? (depth <= 2 ? 'h2' : 'h3') : 'p', text: fill(value) });
    } else if (Array.isArray(value)) {
      for (const item of value) {
        if (Array.isArray(item) && item.every((entry) => typeof entry === 'string')) {
          const items = item.filter((entry) => !looksLikeCode(entry)).map(fill);
          if (items.length > 0) blocks.push({ kind: 'ul', items });
        } else walk(item, key, depth + 1);
      }
    } else if (value !== null && typeof value === 'object') {
      for (const [name, child] of Object.entries(value as Record<string, unknown>)) {
        if (NON_TEXT_KEYS.has(name) || skipKeys.has(name)) continue;
        walk(child, name, depth + 1);
      }
    }
  };
  walk(document, null, 0);
  return blocks;
}

/** A legal document's text (packages/domain/src/legal, placeholders filled): its sections in order. */
export function blocksOfLegal(document: LegalDocument): TextBlock[] {
  const block = (item: LegalBlock): TextBlock =>
    typeof item === 'string' ? { kind: 'p', text: item } : { kind: 'ul', items: [...item] };
  return [
    { kind: 'h1', text: document.title },
    ...document.intro.map(block),
    ...document.sections.flatMap((section) => [
      { kind: 'h2' as const, text: section.heading },
      ...section.body.map(block),
    ]),
  ];
}

/** The blocks as HTML, every text and attribute escaped. */
export function renderBlocks(blocks: readonly TextBlock[]): string {
  const t = escapeHtml;
  return blocks
    .map((block) => {
      switch (block.kind) {
        case 'ul':
          return `<ul>${block.items.map((item) => `<li>${t(item)}</li>`).join('')}</ul>`;
        case 'img':
          return `<img src="${t(block.src)}" alt="${t(block.alt)}" width="${block.width}" height="${block.height}">`;
        case 'link':
          return `<p><a href="${t(block.href)}">${t(block.text)}</a></p>`;
        case 'nav':
          return `<nav><ul>${block.links
            .map((link) => `<li><a href="${t(link.href)}">${t(link.text)}</a></li>`)
            .join('')}</ul></nav>`;
        case 'h1':
        case 'h2':
        case 'h3':
        case 'p':
          return `<${block.kind}>${t(block.text)}</${block.kind}>`;
      }
    })
    .join('\n');
}

/**
 * The page with `body` as the whole content of `<div id="root">` (the boot frame it held is for people
 * waiting for the app). The app, should it run, renders over it.
 */
export function withRootContent(html: string, body: string): string {
  const open = /<div id="root"[^>]*>/.exec(html);
  if (!open) return html;
  const start = open.index + open[0].length;
  // The root's own closing tag: the </div> that brings the depth of nested divs back to zero.
  const tags = /<div\b[^>]*>|<\/div>/g;
  tags.lastIndex = start;
  let depth = 1;
  for (let tag = tags.exec(html); tag; tag = tags.exec(html)) {
    depth += tag[0] === '</div>' ? -1 : 1;
    if (depth === 0) return `${html.slice(0, start)}\n<main>\n${body}\n</main>\n${html.slice(tag.index)}`;
  }
  return html;
}
