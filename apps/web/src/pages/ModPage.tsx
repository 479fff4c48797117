import { useTranslation } from 'react-i18next';
import { ModConsole } from '../features/mod/index.ts';
import { PageMeta } from '../features/meta/PageMeta.tsx';

/** /mod: the moderation console, for staff; never indexed (packages/domain/src/route-meta.ts). */
export default function ModPage() {
  const { t } = useTranslation('mod');
  return (
    <>
      <PageMeta title={t('title')} noindex />
      <ModConsole />
    </>
  );
}
