import { DAILY_QUEST } from '@mirage/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../ui/Alert.tsx';
import { Button, ButtonLink, buttonClass } from '../../../ui/Button.tsx';
import { CalendarCheckIcon, CheckIcon, ExternalIcon, TicketIcon } from '../../../ui/icons.tsx';
import { PageLayout } from '../../../ui/PageLayout.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { useQuestPlace } from './community.ts';
import { useDailyQuestFlow } from './useDailyQuestFlow.ts';
import styles from './DailyTasks.module.css';

/**
 * /daily-tasks: today's quest. Visit opens the community (chat or forum, kept per browser) in a new tab
 * and records the opening; a countdown from the server's seconds_left follows, then the quest completes
 * by itself. Once done, it links to /tickets. `event` is the current game event's card, shown below the
 * quest (the page passes it: the event is another feature's).
 */
export function DailyTasksView({ event }: { event?: ReactNode }) {
  const { t } = useTranslation('player');
  const { quest, open, complete, secondsLeft, autoFailed } = useDailyQuestFlow();
  const destination = useQuestPlace();
  const state = quest.data?.state;
  const tickets = quest.data?.tickets ?? DAILY_QUEST.tickets;

  let action;
  if (quest.isPending || (state === 'open' && !destination)) {
    action = (
      <div className={styles.status}>
        <Spinner size={28} label={t('dailyTasks.loading')} />
      </div>
    );
  } else if (quest.isError) {
    action = (
      <div className={styles.status}>
        <Alert>{t('dailyTasks.loadFailed')}</Alert>
        <Button variant="secondary" onClick={() => void quest.refetch()}>
          {t('dailyTasks.retry')}
        </Button>
      </div>
    );
  } else if (state === 'done') {
    action = (
      <div className={styles.status} data-testid="daily-done">
        <p className={styles.done}>
          <CheckIcon size={20} />
          {t('dailyTasks.completed')}
        </p>
        <ButtonLink to="/tickets" variant="secondary" data-testid="daily-tickets-link">
          <TicketIcon size={18} />
          {t('dailyTasks.ticketsLink')}
        </ButtonLink>
      </div>
    );
  } else if (state === 'open' && destination) {
    action = (
      <div className={styles.status}>
        <a
          href={destination.href}
          target="_blank"
          rel="noopener"
          className={buttonClass({ variant: 'primary', size: 'lg' })}
          onClick={() => open.mutate()}
          data-testid="daily-visit"
          data-place={destination.place}
        >
          {t('dailyTasks.visit')}
          <ExternalIcon size={18} />
          <span className="visually-hidden">{t('dailyTasks.newTab')}</span>
        </a>
        <span className={styles.place}>{t(`dailyTasks.community.${destination.place}`)}</span>
      </div>
    );
  } else {
    // Waiting, or ready and completing (also when a first try failed: the button tries again).
    const waiting = state === 'waiting' && secondsLeft > 0;
    action = (
      <div className={styles.status} data-testid="daily-waiting">
        {autoFailed ? (
          <Button variant="primary" size="lg" pending={complete.isPending} onClick={() => complete.mutate()}>
            {t('dailyTasks.complete')}
          </Button>
        ) : (
          <div className={styles.countdown}>
            <Spinner size={28} />
            <p data-testid="daily-countdown" data-seconds={waiting ? secondsLeft : 0}>
              {waiting ? t('dailyTasks.waiting', { seconds: secondsLeft }) : t('dailyTasks.completing')}
            </p>
          </div>
        )}
        {waiting && destination && (
          // The community again, should its tab have been closed (the wait goes on as it was).
          <a href={destination.href} target="_blank" rel="noopener" className={styles.placeLink}>
            {t(`dailyTasks.community.${destination.place}`)}
            <ExternalIcon size={14} />
            <span className="visually-hidden">{t('dailyTasks.newTab')}</span>
          </a>
        )}
      </div>
    );
  }

  return (
    <PageLayout title={t('dailyTasks.title')} subtitle={t('dailyTasks.subtitle')} width="narrow">
      <section
        className={styles.quest}
        aria-labelledby="daily-quest-title"
        aria-busy={quest.isPending || undefined}
        data-testid="daily-quest"
        data-state={state ?? 'loading'}
      >
        <span className={styles.icon} aria-hidden="true">
          <CalendarCheckIcon size={28} />
        </span>
        <div className={styles.text}>
          <h2 id="daily-quest-title" className={styles.title}>
            {t('dailyTasks.questTitle')}
          </h2>
          <p className={styles.description}>{t('dailyTasks.questDescription')}</p>
          <ul className={styles.rewards}>
            <li className={styles.reward}>
              <TicketIcon size={16} />
              {t('dailyTasks.reward', { count: tickets })}
            </li>
            <li className={styles.reward}>{t('dailyTasks.xp', { xp: DAILY_QUEST.xp })}</li>
          </ul>
        </div>
        <div className={styles.action}>{action}</div>
      </section>
      <p className={styles.note}>{t('dailyTasks.resets')}</p>
      {event}
    </PageLayout>
  );
}
