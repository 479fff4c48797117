/**
 * The promo pages' long-form text (packages/i18n/content/<lang>/promo.json), checked when it loads
 * (useContent): a malformed file fails loudly in the tests rather than rendering half a page.
 */
import { PROMO_PAGES, type PromoPage } from '@mirage/domain';
import { object, text } from '../content/index.ts';

export interface PromoFeature {
  title: string;
  text: string;
}

export interface PromoVariantText {
  eyebrow: string;
  title_start: string;
  title_highlight: string;
  lead: string;
  gallery_lead: string;
  features: PromoFeature[];
}

export interface PromoContent extends Record<PromoPage, PromoVariantText> {
  plans_lead: string;
  /** A sample's description by its subject (PromoSample.description). */
  samples: Record<string, string>;
  testimonials_lead: string;
  cta: { title: string; text: string };
}

function texts(value: unknown, at: string): Record<string, string> {
  const record = object(value, at);
  return Object.fromEntries(Object.keys(record).map((key) => [key, text(record, key, at)]));
}

function variant(value: unknown, at: string): PromoVariantText {
  const json = object(value, at);
  const features = json.features;
  if (!Array.isArray(features) || features.length === 0) throw new Error(`${at}.features: not a list`);
  return {
    eyebrow: text(json, 'eyebrow', at),
    title_start: text(json, 'title_start', at),
    title_highlight: text(json, 'title_highlight', at),
    lead: text(json, 'lead', at),
    gallery_lead: text(json, 'gallery_lead', at),
    features: features.map((feature, index) => {
      const item = object(feature, `${at}.features[${index}]`);
      return { title: text(item, 'title', at), text: text(item, 'text', at) };
    }),
  };
}

export function parsePromoContent(value: unknown): PromoContent {
  const json = object(value, 'promo');
  const cta = object(json.cta, 'promo.cta');
  const variants = Object.fromEntries(
    PROMO_PAGES.map((page) => [page, variant(json[page], `promo.${page}`)]),
  );
  return {
    ...(variants as Record<PromoPage, PromoVariantText>),
    plans_lead: text(json, 'plans_lead', 'promo'),
    samples: texts(json.samples, 'promo.samples'),
    testimonials_lead: text(json, 'testimonials_lead', 'promo'),
    cta: { title: text(cta, 'title', 'promo.cta'), text: text(cta, 'text', 'promo.cta') },
  };
}

/** Chinese and Japanese letters and punctuation, which sit next to each other without a space. */
const CJK_END = /[\u3000-\u30ff\u3400-\u9fff\uf900-\ufaff\uff00-\uffef]$/;

/** What goes between the title's two parts: a space, except after Chinese or Japanese text ("画像を、ほんの…"). */
export function titleGap(start: string): string {
  return CJK_END.test(start.trimEnd()) ? '' : ' ';
}
