/** Calls of the game events (docs/product/player.md#events). */
import type { Answer } from '@mirage/contract';
import { call } from '../api/index.ts';

/** The current event as a signed-in player sees it (with `consumed` and `found`), or as a visitor does. */
export type PlayerGameEvent = NonNullable<Answer<'getGameEvent'>['event']>;
export type VisitorGameEvent = NonNullable<Answer<'getGameEventForVisitor'>['event']>;
export type GameEventView = VisitorGameEvent & Partial<Pick<PlayerGameEvent, 'consumed' | 'found'>>;
export type HuntAnswer = Answer<'claimGameEventImage'>;

export async function fetchCurrentEvent(
  signedIn: boolean,
  signal?: AbortSignal,
): Promise<GameEventView | null> {
  const answer = signedIn
    ? await call('getGameEvent', {}, signal)
    : await call('getGameEventForVisitor', {}, signal);
  return answer.event;
}

export const consumeEvent = (uuid: string) => call('consumeGameEvent', { params: { uuid } });

export const lookForEventImage = (eventUuid: string, imageUuid: string) =>
  call('claimGameEventImage', { params: { eventUuid, imageUuid } });
