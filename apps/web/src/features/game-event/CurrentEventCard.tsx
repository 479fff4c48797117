import { useId } from 'react';
import { EventSummary } from './EventSummary.tsx';
import { useCurrentEvent } from './queries.ts';
import styles from './GameEvent.module.css';

/** The current event with the player's progress, on the daily-tasks page; nothing when no event is on. */
export function CurrentEventCard() {
  const { data: event } = useCurrentEvent();
  const titleId = useId();
  if (!event) return null;
  return (
    <section className={styles.card} aria-labelledby={titleId} data-testid="event-card">
      <EventSummary event={event} titleId={titleId} />
    </section>
  );
}
