import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { createTaskStore, useTaskFeed, useTasks } from '../../features/task/index.ts';
import { generationProgress } from './generationProgress.ts';
import styles from './GenerationProgress.module.css';

/** The ring's circumference in its own units (r = 15.5 in a 36 × 36 box). */
const RING = 2 * Math.PI * 15.5;
/** Nothing to do when a task ends: the generator tells the outcome (features/generator). */
const ignoreEnd = () => {};

/**
 * The top menu's generation progress (signed in; docs/product/routes.md#shell): while any task runs, a ring
 * with the number of running tasks and the progress of the current one, from the app's live task stream
 * (a task store of its own, so that it works on every page, /create included). It opens /create.
 */
export function GenerationProgress() {
  const { t } = useTranslation('common');
  const [store] = useState(createTaskStore);
  useTaskFeed(store, ignoreEnd);
  const { running, percent, queued } = generationProgress(useTasks(store));
  if (running === 0) return null;

  const label =
    percent !== null
      ? t('menu.progress_percent', { count: running, percent })
      : queued
        ? t('menu.progress_queued', { count: running })
        : t('menu.progress', { count: running });
  return (
    <Link
      to="/create"
      className={styles.progress}
      aria-label={label}
      title={label}
      data-testid="generation-progress"
      data-running={running}
      data-percent={percent ?? undefined}
    >
      <span className={styles.ring} data-indeterminate={percent === null}>
        <svg viewBox="0 0 36 36" aria-hidden="true">
          <circle className={styles.track} cx="18" cy="18" r="15.5" />
          <circle
            className={styles.bar}
            cx="18"
            cy="18"
            r="15.5"
            strokeDasharray={RING}
            strokeDashoffset={percent === null ? RING * 0.72 : RING * (1 - percent / 100)}
          />
        </svg>
        <span className={styles.count} aria-hidden="true" data-testid="generation-progress-count">
          {running}
        </span>
      </span>
      {percent !== null && (
        <span className={styles.percent} aria-hidden="true">
          {percent}%
        </span>
      )}
    </Link>
  );
}
