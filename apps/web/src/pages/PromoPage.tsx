import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { PageMeta } from '../features/meta/PageMeta.tsx';
import { promoPageOf, PromoView } from '../features/promo/index.ts';

/** The promo landing pages (/ai-hentai-generator, /ai-realistic-generator): one page, the variant from the path. */
export default function PromoPage() {
  const { t } = useTranslation('pages');
  const page = promoPageOf(useLocation().pathname);
  return (
    <>
      <PageMeta title={page === 'realistic' ? t('seo.promo_realistic.title') : t('seo.promo_hentai.title')} />
      <PromoView key={page} page={page} />
    </>
  );
}
