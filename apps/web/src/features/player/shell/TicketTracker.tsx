import type { UserSettings } from '@mirage/contract';
import { compactCount } from '@mirage/domain';
import { lazy, type ComponentPropsWithRef } from 'react';
import { useTranslation } from 'react-i18next';
import { BoltIcon, TicketIcon } from '../../../ui/icons.tsx';
import { OnFirstUse, useOnFirstUse } from '../../../ui/OnFirstUse.tsx';
import styles from './triggers.module.css';

// The panel and the dialog library load on the first press of the tracker (ui/OnFirstUse.tsx).
const loadTrackerPanel = () => import('./TrackerPanel.tsx');
const TrackerPanel = lazy(() => loadTrackerPanel().then((module) => ({ default: module.TrackerPanel })));

/**
 * The ticket tracker's button (docs/product/routes.md#shell): tickets, and energy for premium users, counts
 * above 10,000 compact (k, M, B); a badge "1" while the daily quest is not completed.
 */
export function TrackerButton({
  user,
  ...props
}: { user: UserSettings | undefined } & ComponentPropsWithRef<'button'>) {
  const { t } = useTranslation(['common', 'player']);
  const tickets = user?.generation_token ?? 0;
  const questOpen = user !== undefined && !user.daily_quest_completed;
  return (
    // Named by its content: each count is shown as a number (hidden from screen readers) and read as a phrase
    // ("30 tickets"). The badge sits beside the button, over its corner.
    <span className={styles.trackerFrame}>
      <button
        type="button"
        className={styles.tracker}
        aria-haspopup="dialog"
        data-testid="tracker-button"
        data-tour="tickets"
        {...props}
      >
        <TicketIcon size={18} />
        <span aria-hidden="true" data-testid="ticket-count">
          {user ? compactCount(tickets) : '–'}
        </span>
        <span className="visually-hidden">{t('menu.tickets', { count: tickets })}</span>
        {user?.is_premium && (
          <>
            <span className={styles.energy} aria-hidden="true" data-testid="energy-count">
              <BoltIcon size={16} />
              {compactCount(user.daily_token)}
            </span>
            <span className="visually-hidden">, {t('menu.energy', { count: user.daily_token })}</span>
          </>
        )}
        {questOpen && <span className="visually-hidden">, {t('player:ticketTracker.questPending')}</span>}
      </button>
      {questOpen && (
        <span className={styles.badge} aria-hidden="true" data-testid="quest-badge">
          1
        </span>
      )}
    </span>
  );
}

/** The ticket tracker of the top menu (signed in): its button, and its panel once pressed. */
export function TicketTracker({ user }: { user: UserSettings | undefined }) {
  const tracker = useOnFirstUse(loadTrackerPanel);
  return (
    <OnFirstUse wanted={tracker.wanted} plain={<TrackerButton user={user} {...tracker.buttonProps} />}>
      <TrackerPanel user={user} defaultOpen />
    </OnFirstUse>
  );
}
