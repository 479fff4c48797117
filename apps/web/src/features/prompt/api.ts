/**
 * Calls of /api/prompt (docs/product/collections-and-prompts.md#saved-prompts). Every one needs a signed-in
 * user; paths, bodies and answers come from the API's contract.
 */
import type { Body } from '@mirage/contract';
import { call } from '../api/index.ts';
import type { PromptListRequest } from './model.ts';

export const savePrompt = (body: Body<'savePrompt'>) => call('savePrompt', { body });

export const fetchPromptPage = ({ target, page, size, body }: PromptListRequest, signal?: AbortSignal) =>
  call('listPrompts', { params: { target }, query: { page, size }, body }, signal);

/** The list's path with a prompt's id as its `target` (docs/integrating.md). */
export const deletePrompt = (id: number) => call('deletePrompt', { params: { target: id } });

export const publishPrompt = (id: number, isPublic: boolean) =>
  call('publishPrompt', { params: { id }, body: { public: isPublic } });

export const subscribePrompt = (id: number, subscribe: boolean) =>
  call('subscribePrompt', { params: { id }, body: { subscribe } });
