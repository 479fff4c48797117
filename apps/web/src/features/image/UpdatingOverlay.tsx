import { useTranslation } from 'react-i18next';
import { Spinner } from '../../ui/Spinner.tsx';
import type { UpscaleStatus } from './upscale.ts';
import styles from './UpdatingOverlay.module.css';

/**
 * Over the image while it is updating (docs/product/image-viewer.md#the-viewer): where its upscale stands.
 */
export function UpdatingOverlay({ status }: { status: UpscaleStatus }) {
  const { t } = useTranslation('image');
  const text =
    status.key === 'upscale.queued'
      ? status.position === null
        ? t('upscale.queued')
        : t('upscale.queued_position', { position: status.position })
      : status.key === 'upscale.progress'
        ? t('upscale.progress', { percent: status.percent })
        : t('upscale.working');
  return (
    <div className={styles.overlay} role="status" data-testid="viewer-updating">
      <div className={styles.card}>
        <Spinner size={22} />
        <span>{text}</span>
      </div>
      {status.key === 'upscale.progress' && (
        <div className={styles.bar} aria-hidden="true">
          <div className={styles.fill} style={{ width: `${status.percent}%` }} />
        </div>
      )}
    </div>
  );
}
