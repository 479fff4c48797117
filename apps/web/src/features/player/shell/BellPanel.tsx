import { NOTIFICATION_PAGE_SIZE, type NotificationType } from '@mirage/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button.tsx';
import {
  CalendarCheckIcon,
  ClockIcon,
  ImageIcon,
  ShieldIcon,
  SparkleIcon,
  TicketIcon,
  TrophyIcon,
} from '../../../ui/icons.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import type { BellNotification } from '../api.ts';
import { notificationsKey, useNotifications } from '../queries.ts';
import { notificationText, relativeTime, typesToMarkRead } from './bell.ts';
import { LevelIcon } from './icons.tsx';
import { BellButton } from './NotificationBell.tsx';
import { ShellPanel } from './ShellPanel.tsx';
import { SoundToggle } from './SoundToggle.tsx';
import { useConsume, type NotificationsPage } from './useConsume.ts';
import styles from './BellPanel.module.css';

const ICONS: Record<NotificationType, ReactNode> = {
  level_up: <LevelIcon size={18} />,
  achievement: <TrophyIcon size={18} />,
  daily: <CalendarCheckIcon size={18} />,
  daily_loss: <ClockIcon size={18} />,
  report: <ShieldIcon size={18} />,
  referral_gain: <TicketIcon size={18} />,
  referrer_gain: <TicketIcon size={18} />,
  image_held: <ImageIcon size={18} />,
  image_released: <ImageIcon size={18} />,
  image_removed: <ImageIcon size={18} />,
  app: <SparkleIcon size={18} />,
  app_error: <SparkleIcon size={18} />,
  app_event: <SparkleIcon size={18} />,
};

/** The clock the relative times are read against: now, then every minute while the panel is mounted. */
function useNow(): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * The bell's panel (docs/product/player.md#the-bell): the notifications newest first, 10 a page with "show
 * more", each with its text and time; activating one reads it, and Claim takes its coins; "mark all as
 * read" reads every type with unread notifications. The speaker in its header mutes the player's sounds
 * (./SoundToggle.tsx).
 */
export function BellPanel({ defaultOpen = false }: { defaultOpen?: boolean }) {
  const { t } = useTranslation('player');
  const client = useQueryClient();
  const [shown, setShown] = useState(1);
  const first = useNotifications(0, true);
  const pages = first.data?.pages ?? 0;
  const unread = first.data?.counts.newNotifications ?? 0;
  const { busy, consumeOne, consumeTypes } = useConsume();
  const now = useNow();

  const markAllRead = () => {
    const loaded = Array.from(
      { length: shown },
      (_, page) => client.getQueryData<NotificationsPage>(notificationsKey(page))?.items ?? [],
    ).flat();
    const types = typesToMarkRead(loaded, unread);
    if (types.length > 0) void consumeTypes(types);
  };

  let body: ReactNode;
  if (first.isPending) {
    body = (
      <div className={styles.state}>
        <Spinner size={22} label={t('notifications.loading')} />
      </div>
    );
  } else if (first.isError) {
    body = <p className={styles.state}>{t('notifications.error')}</p>;
  } else if (pages === 0) {
    body = (
      <p className={styles.state} data-testid="bell-empty">
        {t('notifications.empty')}
      </p>
    );
  } else {
    body = (
      <ul className={styles.list} data-testid="bell-list">
        {Array.from({ length: Math.min(shown, pages) }, (_, page) => (
          <BellPage key={page} page={page} now={now} busy={busy} onConsume={consumeOne} />
        ))}
      </ul>
    );
  }

  return (
    <ShellPanel
      trigger={<BellButton />}
      title={t('notifications.title')}
      testId="bell-panel"
      defaultOpen={defaultOpen}
      tools={<SoundToggle />}
      actions={
        unread > 0 && (
          <Button
            variant="ghost"
            size="sm"
            onClick={markAllRead}
            pending={busy === 'types'}
            data-testid="bell-mark-all"
          >
            {t('notifications.markAllRead')}
          </Button>
        )
      }
    >
      <div className={styles.scroll}>
        {body}
        {shown < pages && (
          <Button variant="secondary" block onClick={() => setShown(shown + 1)} data-testid="bell-load-more">
            {t('notifications.loadMore')}
          </Button>
        )}
      </div>
    </ShellPanel>
  );
}

/** One page of the bell (NOTIFICATION_PAGE_SIZE notifications), as list items. */
function BellPage({
  page,
  now,
  busy,
  onConsume,
}: {
  page: number;
  now: number;
  busy: number | 'types' | null;
  onConsume: (id: number) => Promise<void>;
}) {
  const { t } = useTranslation('player');
  const query = useNotifications(page, true);
  if (!query.data) {
    return (
      <li className={styles.state} aria-busy="true">
        {query.isError ? t('notifications.error') : <Spinner size={20} label={t('notifications.loading')} />}
      </li>
    );
  }
  return query.data.items
    .slice(0, NOTIFICATION_PAGE_SIZE)
    .map((item) => (
      <BellItem key={item.id} item={item} now={now} busy={busy === item.id} onConsume={onConsume} />
    ));
}

function BellItem({
  item,
  now,
  busy,
  onConsume,
}: {
  item: BellNotification;
  now: number;
  busy: boolean;
  onConsume: (id: number) => Promise<void>;
}) {
  const { t, i18n } = useTranslation('player');
  const content = (
    <>
      <span className={styles.icon}>{ICONS[item.type]}</span>
      <span className={styles.text}>
        {item.new && <span className="visually-hidden">{t('notifications.new')}: </span>}
        <span className={styles.message}>{notificationText(t, item)}</span>
        <span className={styles.meta}>
          <time dateTime={item.created_at}>{relativeTime(item.created_at, now, i18n.language)}</time>
          {item.reward_tokens > 0 && item.consumed && <span> · {t('notifications.claimed')}</span>}
        </span>
      </span>
    </>
  );
  return (
    <li
      className={[styles.item, item.new ? styles.fresh : ''].join(' ')}
      data-testid="bell-item"
      data-type={item.type}
      data-new={item.new}
    >
      {item.new ? (
        // Activating a new notification reads it (and claims its coins, if it pays any).
        <button type="button" className={styles.main} onClick={() => void onConsume(item.id)} disabled={busy}>
          {content}
        </button>
      ) : (
        <div className={styles.main}>{content}</div>
      )}
      {item.action === 'claim' && (
        <Button
          variant="primary"
          size="sm"
          className={styles.claim}
          onClick={() => void onConsume(item.id)}
          pending={busy}
          aria-label={`${t('notifications.claim')}: ${t('notifications.reward', { coins: item.reward_tokens })}`}
          data-testid="bell-claim"
        >
          {t('notifications.claim')} +{item.reward_tokens}
        </Button>
      )}
    </li>
  );
}
