import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../ui/Button.tsx';
import { ImageIcon } from '../../ui/icons.tsx';
import { useGenerator } from './GeneratorContext.ts';
import { TaskCard } from './TaskCard.tsx';
import { RESULTS_ID } from './useCreate.ts';
import { useTasks } from '../task/index.ts';
import styles from './ResultsGallery.module.css';

/**
 * The generator's results, newest first (docs/product/generation.md#task-outcome), fed by the task stream.
 */
export function ResultsGallery() {
  const { t } = useTranslation('generator');
  const { tasks, signedIn } = useGenerator();
  const list = useTasks(tasks);

  return (
    <section id={RESULTS_ID} className={styles.results} aria-labelledby="generator-results-title">
      <h2 id="generator-results-title" className={styles.title}>
        {t('results.title')}
      </h2>
      {list.length === 0 ? (
        <div className={styles.empty} data-testid="results">
          <span className={styles.emptyIcon}>
            <ImageIcon size={28} />
          </span>
          <p className={styles.emptyTitle}>{t('results.empty_title')}</p>
          <p className={styles.emptyText}>{signedIn ? t('results.empty_text') : t('results.guest_text')}</p>
          {!signedIn && (
            <ButtonLink to="/account/signup?rel=create" variant="primary" size="sm">
              {t('create.signup')}
            </ButtonLink>
          )}
        </div>
      ) : (
        <div className={styles.grid} data-testid="results">
          {list.map((task) => (
            <TaskCard key={task.task_id} task={task} />
          ))}
        </div>
      )}
    </section>
  );
}
