import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ButtonLink } from '../../ui/Button.tsx';
import { ImageIcon } from '../../ui/icons.tsx';
import { useGenerator } from './GeneratorContext.ts';
import { TaskCard } from './TaskCard.tsx';
import { RESULTS_ID } from './useCreate.ts';
import { useTasks } from '../task/index.ts';
import guestNote from './GuestTryNote.module.css';
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
          {/* The guest trial (docs/product/generation.md#guest-trial) lives on the landing page, not here. */}
          {!signedIn && (
            <p className={styles.emptyText} data-testid="guest-try-note">
              {t('results.guest_try')}{' '}
              <Link to="/#try-it" className={guestNote.link}>
                {t('results.guest_try_link')}
              </Link>
            </p>
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
