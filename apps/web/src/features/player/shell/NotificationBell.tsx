import { lazy, type ComponentPropsWithRef } from 'react';
import { useTranslation } from 'react-i18next';
import { OnFirstUse, useOnFirstUse } from '../../../ui/OnFirstUse.tsx';
import { useNotifications } from '../queries.ts';
import { BellIcon } from './BellIcon.tsx';
import styles from './triggers.module.css';

// The panel, its list and the dialog library load on the first press of the bell (ui/OnFirstUse.tsx).
const loadBellPanel = () => import('./BellPanel.tsx');
const BellPanel = lazy(() => loadBellPanel().then((module) => ({ default: module.BellPanel })));

/** What the bell's badge reads: the count, "99+" above 99. */
export function bellBadge(count: number): string {
  return count > 99 ? '99+' : String(count);
}

/** The bell's button with the count of new notifications: the panel's trigger, and the same button before. */
export function BellButton(props: ComponentPropsWithRef<'button'>) {
  const { t } = useTranslation('player');
  const count = useNotifications(0, true).data?.counts.newNotifications ?? 0;
  return (
    <button
      type="button"
      className={styles.bell}
      aria-label={count > 0 ? t('notifications.unread', { count }) : t('notifications.open')}
      aria-haspopup="dialog"
      data-testid="bell-button"
      {...props}
    >
      <BellIcon size={20} />
      {count > 0 && (
        <span className={styles.badge} aria-hidden="true" data-testid="bell-count">
          {bellBadge(count)}
        </span>
      )}
    </button>
  );
}

/** The notification bell of the top menu (signed in; docs/product/player.md#the-bell). */
export function NotificationBell() {
  const bell = useOnFirstUse(loadBellPanel);
  return (
    <OnFirstUse wanted={bell.wanted} plain={<BellButton {...bell.buttonProps} />}>
      <BellPanel defaultOpen />
    </OnFirstUse>
  );
}
