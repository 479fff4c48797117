import type { ReactNode } from 'react';
import { SparkleIcon } from '../../ui/icons.tsx';
import type { GameEventView } from './api.ts';
import { useEventTexts } from './texts.ts';
import styles from './GameEvent.module.css';

/**
 * What an event says: its kicker (when), title, description, the hunt's terms and, for a player during the
 * event, how many hidden images they found. The announcement and the daily-tasks card show it.
 */
export function EventSummary({
  event,
  titleId,
  children,
}: {
  event: GameEventView;
  titleId: string;
  children?: ReactNode;
}) {
  const { t, text, when } = useEventTexts();
  const found = event.found?.length;
  return (
    <>
      <p className={styles.kicker}>
        <SparkleIcon size={16} aria-hidden="true" />
        <span>
          {t('label')} · {when(event)}
        </span>
      </p>
      <h2 id={titleId} className={styles.title}>
        {text(event.title)}
      </h2>
      <p className={styles.description}>{text(event.description)}</p>
      <p className={styles.terms}>{t('hunt', { count: event.images_total, tokens: event.reward_tokens })}</p>
      {event.state === 'running' && found !== undefined ? (
        <div className={styles.progress} data-testid="event-progress">
          <span>{t('progress', { found, total: event.images_total })}</span>
          <progress max={event.images_total} value={found} aria-hidden="true" />
        </div>
      ) : (
        <p className={styles.howTo}>{t('howTo')}</p>
      )}
      {children}
    </>
  );
}
