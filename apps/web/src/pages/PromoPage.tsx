import { useTranslation } from 'react-i18next';
import { Landing } from '../features/landing/Landing.tsx';
import { PageMeta } from '../features/meta/PageMeta.tsx';

/** Promo landing pages (/ai-hentai-generator, /ai-realistic-generator); dedicated content comes later. */
export default function PromoPage() {
  const { t } = useTranslation('landing');
  return (
    <>
      <PageMeta title={t('meta_title')} />
      <Landing />
    </>
  );
}
