import type { CSSProperties } from 'react';
import { blurhashUrl } from './blurhash.ts';

/**
 * A blurhash placeholder (blurhash.ts) stretched over its box by CSS (DESIGN: no jumping): a plain element
 * with the decoded image as its background, drawn in the same render, with no canvas or effect. Without a
 * valid hash it keeps only what its class paints.
 */
export function BlurhashImage({ hash, className }: { hash: string | null | undefined; className?: string }) {
  const url = blurhashUrl(hash);
  const style: CSSProperties | undefined = url
    ? { backgroundImage: `url(${url})`, backgroundSize: '100% 100%' }
    : undefined;
  return <span className={className} style={style} aria-hidden="true" />;
}
