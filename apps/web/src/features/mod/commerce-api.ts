/** The console's flagged payments and game events (admins only; docs/product/moderation-console.md). */
import type { Answer, Body } from '@mirage/contract';
import type { PaymentReviewKind } from '@mirage/domain';
import { useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../api/index.ts';
import { PAGE_SIZE } from './api.ts';
import { MOD_KEY } from './queries.ts';

export type FlaggedPayment = Answer<'listFlaggedPayments'>['items'][number];
export type StaffGameEvent = Answer<'listStaffGameEvents'>['items'][number];
export type GameEventBody = Body<'createStaffGameEvent'>;

export const fetchFlaggedPayments = (offset: number, signal?: AbortSignal) =>
  call('listFlaggedPayments', { query: { limit: PAGE_SIZE, offset } }, signal);

export const resolveFlaggedPayment = (kind: PaymentReviewKind, id: string, note: string) =>
  call('resolveFlaggedPayment', { params: { kind, id }, body: { note } });

export const fetchGameEvents = (offset: number, signal?: AbortSignal) =>
  call('listStaffGameEvents', { query: { limit: PAGE_SIZE, offset } }, signal);

export const createGameEvent = (body: GameEventBody) => call('createStaffGameEvent', { body });

export const endGameEvent = (uuid: string, note: string) =>
  call('endStaffGameEvent', { params: { uuid }, body: { note } });

export function useFlaggedPayments() {
  return useInfiniteQuery({
    queryKey: [...MOD_KEY, 'payments'],
    queryFn: ({ pageParam, signal }) => fetchFlaggedPayments(pageParam, signal),
    initialPageParam: 0,
    // Offset-paged: a page that came back short is the last.
    getNextPageParam: (last, pages) => (last.items.length < PAGE_SIZE ? undefined : pages.length * PAGE_SIZE),
  });
}

export function useGameEvents() {
  return useInfiniteQuery({
    queryKey: [...MOD_KEY, 'events'],
    queryFn: ({ pageParam, signal }) => fetchGameEvents(pageParam, signal),
    initialPageParam: 0,
    // Offset-paged like the payments: a page that came back short is the last.
    getNextPageParam: (last, pages) => (last.items.length < PAGE_SIZE ? undefined : pages.length * PAGE_SIZE),
  });
}
