import { SEARCH_TOTAL_CAP } from '@mirage/domain';
import { useTranslation } from 'react-i18next';
import styles from './Gallery.module.css';

/**
 * "N images", or "1,000+ images" when the server stopped counting (docs/product/gallery.md#search,
 * total_capped).
 */
export function ResultCount({
  total,
  capped,
  loading,
}: {
  total: number;
  capped: boolean;
  loading: boolean;
}) {
  const { t } = useTranslation('gallery');
  return (
    <p
      className={styles.count}
      role="status"
      aria-live="polite"
      data-loading={loading}
      data-testid="result-count"
    >
      {capped
        ? t('count.capped', { count: Math.max(total, SEARCH_TOTAL_CAP) })
        : t('count.images', { count: total })}
    </p>
  );
}
