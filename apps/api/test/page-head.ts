/**
 * A page as the build wrote it, for tests of other parts of the served page (delivery, first screen,
 * sharing): the head the server writes for search engines (apps/api/src/http/seo.ts) taken away on both
 * sides — the tags marked `data-route-meta`, the description it replaces, the title's text and
 * `<html lang>`. What is left must be the build's index.html exactly (plus what the test looks at).
 */
export function withoutPageHead(html: string): string {
  return html
    .replace(/<(?:meta|link) [^>]*data-route-meta>\n/g, '')
    .replace(/[ \t]*<meta\s+name="description"[^>]*>\r?\n?/gi, '')
    .replace(/<title>[^<]*<\/title>/i, '<title></title>')
    .replace(/<html lang="[^"]*"/, '<html lang=""');
}
