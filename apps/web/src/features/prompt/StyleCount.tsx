import { useTranslation } from 'react-i18next';

/** "All styles" (a saved search without styles searches every style) or "N styles". */
export function StyleCount({ count }: { count: number }) {
  const { t } = useTranslation('prompt');
  return <>{count === 0 ? t('styles.all') : t('styles.count', { count })}</>;
}
