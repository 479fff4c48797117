/**
 * Game events (docs/product/player.md#events): the announcement in the shell, the current event's card, and
 * the hunt the image viewer runs.
 */
export { GameEventAnnouncement } from './LazyEventAnnouncement.tsx';
export { CurrentEventCard } from './CurrentEventCard.tsx';
export { useEventHunt } from './useEventHunt.ts';
