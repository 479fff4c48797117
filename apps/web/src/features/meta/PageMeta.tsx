/** Document title and robots hint; React 19 hoists <title> and <meta> into <head>. */
export function PageMeta({ title, noindex = false }: { title?: string; noindex?: boolean }) {
  return (
    <>
      <title>{title ? `${title} · Mirage` : 'Mirage'}</title>
      {noindex && <meta name="robots" content="noindex" />}
    </>
  );
}
