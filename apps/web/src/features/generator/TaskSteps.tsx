import type { TaskView } from '@mirage/domain';
import { useTranslation } from 'react-i18next';
import { stepProgress, type TaskStepView } from './taskSteps.ts';
import styles from './TaskSteps.module.css';

/** The mark of each state; running and pending are drawn by the stylesheet (a pulsing and a hollow dot). */
const MARK: Record<TaskStepView['state'], string> = { done: '✓', failed: '✕', running: '', pending: '' };

/**
 * The task's pipeline steps as one compact line (docs/product/generation.md#pipeline-steps): done ✓, the
 * running one with its progress (aria-current="step"), pending dim, failed red. Each item reads out its
 * name, state and progress in words; on a phone only the current or failed step keeps its name on screen.
 */
// The default export is what TaskCard loads lazily (its chunk keeps the step line out of the routes' own).
export default function TaskSteps({ task }: { task: TaskView }) {
  const { t } = useTranslation('generator');
  // The optimistic card shown before the stream speaks has no steps yet.
  if (task.tasks.length === 0) return null;
  return (
    <ol className={styles.steps} aria-label={t('results.steps.label')} data-testid="task-steps">
      {task.tasks.map((item) => {
        const name = t(`results.steps.name.${item.name}`);
        const state = t(`results.steps.state.${item.state}`);
        const progress = stepProgress(task, item);
        return (
          <li
            key={item.name}
            className={styles.step}
            data-step={item.name}
            data-status={item.state}
            aria-current={item.state === 'running' ? 'step' : undefined}
          >
            <span className={styles.stepMark} aria-hidden="true">
              {MARK[item.state]}
            </span>
            <span className={styles.stepName} aria-hidden="true">
              {name}
            </span>
            {progress && (
              <span className={styles.stepCount} aria-hidden="true">
                {progress.step}/{progress.max}
              </span>
            )}
            {/* What assistive technology reads for the item: name, state and progress in words. */}
            <span className="visually-hidden">
              {progress
                ? t('results.steps.item_progress', { name, state, ...progress })
                : t('results.steps.item', { name, state })}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
