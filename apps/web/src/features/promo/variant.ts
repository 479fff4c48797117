import type { PromoPage } from '@mirage/domain';

/** The address of each promo page (docs/product/routes.md#routes). */
export const PROMO_PATHS: Readonly<Record<PromoPage, string>> = {
  hentai: '/ai-hentai-generator',
  realistic: '/ai-realistic-generator',
};

/** Which promo page an address shows: one component serves both, the variant comes from the path. */
export function promoPageOf(pathname: string): PromoPage {
  const path = pathname.replace(/\/+$/, '').toLowerCase();
  return path === PROMO_PATHS.realistic ? 'realistic' : 'hentai';
}
