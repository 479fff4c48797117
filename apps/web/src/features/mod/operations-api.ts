/**
 * The console's operations areas (docs/product/moderation-console.md): moderation rules, serial-key
 * batches and workers. Their calls and queries, apart from api.ts and queries.ts (the content areas).
 */
import type { Answer, Body } from '@mirage/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../api/index.ts';
import { MOD_KEY } from './queries.ts';

export type StaffRule = Answer<'listStaffRules'>['items'][number];
export type RuleBody = Body<'createStaffRule'>;
export type KeyBatch = Answer<'listKeyBatches'>['items'][number];
export type StaffWorker = Answer<'listStaffWorkers'>['items'][number];
export type IssuedToken = Answer<'issueWorkerToken'>;

/** How often the workers tab asks again while it is open: "live" without a stream of its own. */
export const WORKERS_REFRESH_MS = 5000;

export const fetchRules = (signal?: AbortSignal) => call('listStaffRules', {}, signal);
export const createRule = (body: RuleBody) => call('createStaffRule', { body });
export const updateRule = (id: number, body: RuleBody) => call('updateStaffRule', { params: { id }, body });
export const deleteRule = (id: number, note: string | undefined) =>
  call('deleteStaffRule', { params: { id }, body: note ? { note } : {} });

export const fetchKeyBatches = (signal?: AbortSignal) => call('listKeyBatches', {}, signal);
export const revokeKeyBatch = (id: number, note: string) =>
  call('revokeKeyBatch', { params: { id }, body: { note } });

export const fetchWorkers = (signal?: AbortSignal) => call('listStaffWorkers', {}, signal);
export const issueWorkerToken = (name: string) => call('issueWorkerToken', { body: { name } });
export const revokeWorker = (id: number, note: string) =>
  call('revokeWorker', { params: { id }, body: { note } });

export function useRules() {
  return useQuery({ queryKey: [...MOD_KEY, 'rules'], queryFn: ({ signal }) => fetchRules(signal) });
}

export function useKeyBatches() {
  return useQuery({
    queryKey: [...MOD_KEY, 'key-batches'],
    queryFn: ({ signal }) => fetchKeyBatches(signal),
  });
}

/** The workers, asked for again every few seconds while the tab is shown (and not in the background). */
export function useWorkers() {
  return useQuery({
    queryKey: [...MOD_KEY, 'workers'],
    queryFn: ({ signal }) => fetchWorkers(signal),
    refetchInterval: WORKERS_REFRESH_MS,
  });
}
