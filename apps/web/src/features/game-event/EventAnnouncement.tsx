import { COOKIE, notificationDelay } from '@mirage/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { Button, ButtonLink } from '../../ui/Button.tsx';
import { CloseIcon } from '../../ui/icons.tsx';
import { getCookie } from '../cookie/index.ts';
import { useSession } from '../session/index.ts';
import { consumeEvent, type GameEventView } from './api.ts';
import { EventSummary } from './EventSummary.tsx';
import { announcementWanted, closeForVisitor, visitorClosed } from './hunt.ts';
import { gameEventKey, useCurrentEvent } from './queries.ts';
import { useEventTexts } from './texts.ts';
import styles from './GameEvent.module.css';
import { browserStorage } from '../../ui/browserStorage.ts';

/**
 * The event's announcement (an `app_event` notification, docs/product/player.md#events): a card that stays
 * 3 minutes on each page load until it is closed; closing it is kept (server-side for a player, in this
 * browser for a visitor), so it is not shown again. It waits while the cookie banner asks its question:
 * one thing at a time in the corner of the screen.
 */
export function EventAnnouncement({ cookieBannerPage }: { cookieBannerPage: boolean }) {
  const { signedIn } = useSession();
  const { data: event } = useCurrentEvent();
  // `event` is undefined while loading (or after a failed load), null when no event is on.
  const queryClient = useQueryClient();
  const { t } = useEventTexts();
  const titleId = useId();
  const [closed, setClosed] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);
  const wanted =
    announcementWanted(event, visitorClosed(browserStorage(), event?.uuid ?? '')) && closed !== event.uuid;
  // The banner shows on every page but the landing page until its question is answered.
  const bannerShown = cookieBannerPage && getCookie(COOKIE.cookieConsent) === undefined;
  const shown = wanted && !expired && !bannerShown;

  useEffect(() => {
    if (!shown) return;
    const timer = setTimeout(() => setExpired(true), notificationDelay('app_event'));
    return () => clearTimeout(timer);
  }, [shown]);

  // Once the event is known and nothing is to show, a hidden mark says so (tests wait for the decision).
  if (!shown) return event === undefined ? null : <span hidden data-testid="event-announcement-settled" />;

  function close(current: GameEventView) {
    setClosed(current.uuid);
    if (!signedIn) {
      closeForVisitor(browserStorage(), current.uuid);
      return;
    }
    queryClient.setQueryData<GameEventView | null>(gameEventKey(true), (old) =>
      old ? { ...old, consumed: true } : old,
    );
    // A failure leaves it closed on this page; it shows again on the next load, nothing is lost.
    consumeEvent(current.uuid).catch(() => undefined);
  }

  return (
    <section className={styles.announcement} aria-labelledby={titleId} data-testid="event-announcement">
      <button
        type="button"
        className={styles.closeButton}
        aria-label={t('close')}
        onClick={() => close(event)}
      >
        <CloseIcon size={18} aria-hidden="true" />
      </button>
      <EventSummary event={event} titleId={titleId}>
        <div className={styles.actions}>
          {event.state === 'running' && (
            <ButtonLink to="/explore" variant="primary" size="sm" onClick={() => close(event)}>
              {t('explore')}
            </ButtonLink>
          )}
          <Button variant="ghost" size="sm" onClick={() => close(event)}>
            {t('close')}
          </Button>
        </div>
      </EventSummary>
    </section>
  );
}
