/** The promo landing pages (/ai-hentai-generator, /ai-realistic-generator; docs/product/content.md#promo-pages). */
export { PromoView } from './PromoView.tsx';
export { PROMO_PATHS, promoPageOf } from './variant.ts';
