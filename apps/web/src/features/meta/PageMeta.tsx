import { SITE_NAME } from '@mirage/domain';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { usePageActive } from '../../app/keepAlive/pageActivity.ts';
import { pageHead, type PageMetaInput } from './pageHead.ts';

/**
 * The page's head: title, description, robots, canonical address, the hreflang alternates of the 8
 * languages, Open Graph and Twitter card tags. React 19 hoists them into <head> and takes them away with
 * the page. What the page does not say comes from its route's meta (./pageHead.ts), so `<PageMeta />`
 * alone is a complete head; a page passes what it knows better (a user's name in its title, an image's
 * prompt as its description).
 */
export function PageMeta(props: PageMetaInput) {
  const { pathname, search } = useLocation();
  const { t, i18n } = useTranslation();
  // A kept-alive page stays mounted while another shows (app/keepAlive): only the page on screen has a head.
  const active = usePageActive();
  const head = pageHead(
    props,
    { pathname, search, origin: window.location.origin, language: i18n.language },
    // Keys named at run time by the route meta (a domain test checks each exists in every language).
    (key, values) => t(key as never, (values ?? {}) as never) as unknown as string,
  );
  if (!active) return null;
  return (
    <>
      <title>{head.title}</title>
      <meta name="description" content={head.description} />
      {head.noindex && <meta name="robots" content="noindex" />}
      {head.canonical && <link rel="canonical" href={head.canonical} />}
      {head.alternates.map((alternate) => (
        <link key={alternate.hreflang} rel="alternate" hrefLang={alternate.hreflang} href={alternate.href} />
      ))}
      {!head.noindex && (
        <>
          <meta property="og:type" content={head.ogType} />
          <meta property="og:site_name" content={SITE_NAME} />
          <meta property="og:locale" content={head.ogLocale} />
          <meta property="og:title" content={head.title} />
          <meta property="og:description" content={head.description} />
          {head.canonical && <meta property="og:url" content={head.canonical} />}
          {head.image && <meta property="og:image" content={head.image.url} />}
          {head.image && <meta property="og:image:alt" content={head.image.alt} />}
          {head.image?.width ? <meta property="og:image:width" content={String(head.image.width)} /> : null}
          {head.image?.height ? (
            <meta property="og:image:height" content={String(head.image.height)} />
          ) : null}
          <meta name="twitter:card" content={head.image ? 'summary_large_image' : 'summary'} />
          <meta name="twitter:title" content={head.title} />
          <meta name="twitter:description" content={head.description} />
          {head.image && <meta name="twitter:image" content={head.image.url} />}
        </>
      )}
    </>
  );
}

/**
 * Takes away the head tags the server wrote for the first address (apps/api/src/http/seo.ts marks them
 * `data-route-meta`): from the first render on, PageMeta keeps the head, page after page. Run before the
 * app renders, so that React never adopts a tag that describes another page.
 */
export function dropServerPageMeta(doc: Pick<Document, 'querySelectorAll'> = document): void {
  for (const node of doc.querySelectorAll('head [data-route-meta]')) node.remove();
}
