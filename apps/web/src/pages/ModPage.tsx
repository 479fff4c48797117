import { useTranslation } from 'react-i18next';
import { useConsoleTranslations } from '../features/language/index.ts';
import { ModConsole } from '../features/mod/index.ts';
import { PageMeta } from '../features/meta/PageMeta.tsx';
import { PageSpinner } from '../ui/Spinner.tsx';

/** /mod: the moderation console, for staff; never indexed (packages/domain/src/route-meta.ts). */
export default function ModPage() {
  const ready = useConsoleTranslations();
  const { t } = useTranslation(['mod', 'about']);
  // "Loading the page…", translated in the language chunk (the console's own strings are not in yet).
  if (!ready) return <PageSpinner label={t('about:loading')} />;
  return (
    <>
      <PageMeta title={t('mod:title')} noindex />
      <ModConsole />
    </>
  );
}
