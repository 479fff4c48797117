import { FORMATS, QUALITIES, TASK_STATE, finalSize, type Format, type Quality } from '@mirage/domain';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AlertIcon, DownloadIcon, ExternalIcon, ImageIcon } from '../../ui/icons.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { imageUrls, type TaskView } from './api.ts';
import { BlurhashImage } from '../../ui/BlurhashImage.tsx';
import { useImageLoaded } from '../../ui/useImageLoaded.ts';
import styles from './ResultsGallery.module.css';

// The step line loads with the first card that has steps, in a chunk of its own: /create and the tweak
// studio share this card, and their route chunks stay within the web budget (scripts/check-web-budget.mjs).
const TaskSteps = lazy(() => import('./TaskSteps.tsx'));

function aspectOf(settings: Record<string, unknown>): string {
  const format = FORMATS.includes(settings.format as Format) ? (settings.format as Format) : 'Portrait';
  const quality = QUALITIES.includes(settings.quality as Quality)
    ? (settings.quality as Quality)
    : 'Standard';
  const { width, height } = finalSize(format, quality);
  return `${width} / ${height}`;
}

function StateLine({ task }: { task: TaskView }) {
  const { t } = useTranslation('generator');
  switch (task.state) {
    case TASK_STATE.Queue:
      return (
        <>
          <strong>{t('results.queue')}</strong>
          <span>
            {task.position === null
              ? t('results.queue_waiting')
              : t('results.queue_position', { position: task.position })}
            {task.eta_seconds !== null && ` · ${t('results.queue_eta', { seconds: task.eta_seconds })}`}
          </span>
        </>
      );
    case TASK_STATE.Generate:
      return (
        <>
          <strong>{t('results.generate')}</strong>
          {task.max_step > 0 && <span>{t('results.step', { step: task.step, max: task.max_step })}</span>}
        </>
      );
    case TASK_STATE.Tweak:
      return (
        <>
          <strong>{t('results.tweak')}</strong>
          {task.max_step > 0 && <span>{t('results.step', { step: task.step, max: task.max_step })}</span>}
        </>
      );
    case TASK_STATE.Save:
      return <strong>{t('results.save')}</strong>;
    case TASK_STATE.Done:
      return <strong>{t('results.done')}</strong>;
    case TASK_STATE.Fail:
      return <strong>{t('results.failed')}</strong>;
    default:
      return <strong>{t('results.finishing')}</strong>;
  }
}

/**
 * One task of the results: queue position and ETA, steps and live preview, the pipeline's step line, then
 * the image (docs/product/generation.md#task-states).
 */
export function TaskCard({ task }: { task: TaskView }) {
  const { t } = useTranslation('generator');
  const { t: tImage } = useTranslation('image');
  const done = task.state === TASK_STATE.Done && task.image_uuid !== null;
  const failed = task.state === TASK_STATE.Fail;
  const urls = task.image_uuid ? imageUrls(task.image_uuid) : null;
  const image = useImageLoaded(urls?.thumbnail ?? '');
  const prompt = typeof task.settings.prompt === 'string' ? task.settings.prompt : '';
  const progress = task.max_step > 0 ? Math.round((task.step / task.max_step) * 100) : null;

  return (
    <article className={styles.card} data-testid="task-card" data-state={task.state}>
      <div className={styles.frame} style={{ aspectRatio: aspectOf(task.settings) }}>
        {task.blurhash && <BlurhashImage hash={task.blurhash} className={styles.fill} />}
        {!done && task.preview && (
          <img className={styles.fill} src={`data:image/jpeg;base64,${task.preview}`} alt="" />
        )}
        {done && task.model === 'preview-renderer' && (
          <span
            className={styles.previewBadge}
            title={t('results.preview_renderer_hint')}
            data-testid="preview-badge"
          >
            {t('results.preview_renderer')}
          </span>
        )}
        {done && urls && (
          <a href={urls.full} target="_blank" rel="noopener" className={styles.imageLink}>
            <img
              className={styles.image}
              {...image}
              src={urls.thumbnail}
              alt={t('results.image_alt', { prompt })}
              decoding="async"
              data-testid="task-image"
            />
            <span className="visually-hidden">{t('results.open_full')}</span>
          </a>
        )}
        {!done && !failed && (
          <div className={styles.overlay}>
            <Spinner size={28} />
            {progress !== null && (
              <div
                className={styles.progress}
                role="progressbar"
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={progress}
              >
                <span style={{ width: `${progress}%` }} />
              </div>
            )}
          </div>
        )}
        {failed && (
          <div className={styles.overlay} data-tone="error">
            <AlertIcon size={28} />
            <p>{t('results.failed_text')}</p>
            {task.refunded && task.cost > 0 && <p>{t('results.refunded', { count: task.cost })}</p>}
          </div>
        )}
      </div>
      <div className={styles.info}>
        <p className={styles.state} data-testid="task-state" aria-live="polite">
          <StateLine task={task} />
        </p>
        {task.tasks.length > 0 && (
          <Suspense fallback={null}>
            <TaskSteps task={task} />
          </Suspense>
        )}
        {done && urls && (
          <div className={styles.actions}>
            <Link to={`/image/${task.image_uuid}`} className={styles.action} data-testid="task-view">
              <ImageIcon size={16} />
              {tImage('open_in_viewer')}
            </Link>
            <a href={urls.full} target="_blank" rel="noopener" className={styles.action}>
              <ExternalIcon size={16} />
              {t('results.open_full')}
            </a>
            <a href={urls.png} download className={styles.action} aria-label={t('results.download_png')}>
              <DownloadIcon size={16} />
              {t('results.download_png')}
            </a>
          </div>
        )}
      </div>
    </article>
  );
}
