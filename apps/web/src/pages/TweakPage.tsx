import { useTranslation } from 'react-i18next';
import { PageMeta } from '../features/meta/PageMeta.tsx';
import { TweakProvider } from '../features/tweak/TweakProvider.tsx';
import { TweakStudio } from '../features/tweak/TweakStudio.tsx';

/**
 * /tweak?image={uuid} (docs/product/routes.md#routes, docs/product/generation.md#tweak): the tweak studio,
 * inpaint or Style to Style. Login required (the route guard), kept alive.
 */
export default function TweakPage() {
  const { t } = useTranslation('tweak');
  return (
    <>
      <PageMeta title={t('title')} />
      <TweakProvider>
        <TweakStudio />
      </TweakProvider>
    </>
  );
}
