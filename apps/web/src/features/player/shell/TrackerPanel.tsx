import type { UserSettings } from '@mirage/contract';
import { compactCount, PLAN_NAMES } from '@mirage/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BoltIcon, CalendarCheckIcon, ShopIcon, TicketIcon } from '../../../ui/icons.tsx';
import { PanelClose, ShellPanel } from './ShellPanel.tsx';
import { TrackerButton } from './TicketTracker.tsx';
import styles from './TrackerPanel.module.css';

/**
 * The ticket tracker's panel (docs/product/routes.md#shell): the tickets, and the daily energy for premium
 * users; others see their plan with a link to /tickets. Links to the daily tasks (with the badge while the
 * daily quest is open) and to buying tickets. Closes on a click outside or a scroll (ShellPanel).
 */
export function TrackerPanel({
  user,
  defaultOpen = false,
}: {
  user: UserSettings | undefined;
  defaultOpen?: boolean;
}) {
  const { t } = useTranslation('player');
  const questOpen = user !== undefined && !user.daily_quest_completed;
  return (
    <ShellPanel
      trigger={<TrackerButton user={user} />}
      title={t('ticketTracker.title')}
      testId="tracker-panel"
      defaultOpen={defaultOpen}
    >
      <dl className={styles.counts}>
        <div className={styles.count}>
          <dt>
            <TicketIcon size={18} className={styles.ticketIcon} />
            {t('ticketTracker.tickets')}
          </dt>
          <dd data-testid="tracker-tickets">{user ? compactCount(user.generation_token) : '–'}</dd>
        </div>
        {user?.is_premium && (
          <div className={styles.count}>
            <dt>
              <BoltIcon size={18} className={styles.energyIcon} />
              {t('ticketTracker.energy')}
            </dt>
            <dd data-testid="tracker-energy">{compactCount(user.daily_token)}</dd>
          </div>
        )}
      </dl>
      {user && !user.is_premium && (
        <PanelClose asChild>
          <Link to="/tickets" className={styles.plan} data-testid="tracker-plan">
            <span className={styles.planName}>{t(`ticketTracker.plans.${PLAN_NAMES[user.plan]}`)}</span>
            <span>{t('ticketTracker.upgrade')}</span>
          </Link>
        </PanelClose>
      )}
      <nav className={styles.links} aria-label={t('ticketTracker.title')}>
        <PanelClose asChild>
          <Link to="/daily-tasks" className={styles.link} data-testid="tracker-daily-tasks">
            <CalendarCheckIcon size={18} />
            <span className={styles.linkText}>{t('ticketTracker.dailyTasks')}</span>
            {questOpen && (
              <span className={styles.badge} data-testid="tracker-quest-badge">
                <span aria-hidden="true">1</span>
                <span className="visually-hidden">{t('ticketTracker.questPending')}</span>
              </span>
            )}
          </Link>
        </PanelClose>
        <PanelClose asChild>
          <Link to="/tickets" className={styles.link} data-testid="tracker-buy">
            <ShopIcon size={18} />
            <span className={styles.linkText}>{t('ticketTracker.buyTickets')}</span>
          </Link>
        </PanelClose>
      </nav>
    </ShellPanel>
  );
}
