/**
 * The rules of the hunt on the client (docs/product/player.md#events): when the viewer asks whether an image
 * is a hidden one, and where a visitor's closed announcement is remembered.
 */
import type { GameEventView } from './api.ts';

/**
 * Whether opening `imageUuid` should ask the server: a signed-in player, a running event, an image not found
 * yet and not asked about on this page already (the server answers the same again: asking once is enough).
 */
export function shouldLookFor(
  event: GameEventView | null | undefined,
  imageUuid: string,
  asked: ReadonlySet<string>,
): event is GameEventView {
  if (!event || event.state !== 'running' || event.found === undefined) return false;
  const key = askedKey(event.uuid, imageUuid);
  return !asked.has(key) && !event.found.includes(imageUuid.toLowerCase());
}

export function askedKey(eventUuid: string, imageUuid: string): string {
  return `${eventUuid}:${imageUuid.toLowerCase()}`;
}

/** The event after a find: the image joins `found` (what the next GET would say). */
export function withFound(event: GameEventView, imageUuid: string): GameEventView {
  const uuid = imageUuid.toLowerCase();
  const found = event.found ?? [];
  return found.includes(uuid) ? event : { ...event, found: [...found, uuid] };
}

/** A signed-out visitor's closed announcements, by event uuid (the server keeps a player's). */
const CLOSED_KEY = 'mirage.closedEvents';

export function visitorClosed(storage: Pick<Storage, 'getItem'> | undefined, eventUuid: string): boolean {
  try {
    const closed: unknown = JSON.parse(storage?.getItem(CLOSED_KEY) ?? '[]');
    return Array.isArray(closed) && closed.includes(eventUuid);
  } catch {
    return false;
  }
}

export function closeForVisitor(
  storage: Pick<Storage, 'getItem' | 'setItem'> | undefined,
  eventUuid: string,
) {
  try {
    const closed: unknown = JSON.parse(storage?.getItem(CLOSED_KEY) ?? '[]');
    // The last few are enough: events run one at a time.
    const list = (Array.isArray(closed) ? (closed as unknown[]) : [])
      .filter((uuid) => uuid !== eventUuid)
      .slice(-9);
    storage?.setItem(CLOSED_KEY, JSON.stringify([...list, eventUuid]));
  } catch {
    // Storage full or refused (private mode): the announcement shows again next time, nothing worse.
  }
}

/** Whether the announcement should show: an event, not closed by this player or visitor. */
export function announcementWanted(
  event: GameEventView | null | undefined,
  closedByVisitor: boolean,
): event is GameEventView {
  if (!event) return false;
  return event.consumed === undefined ? !closedByVisitor : !event.consumed;
}
