/**
 * Calls of /api/prompt (docs/product/collections-and-prompts.md#saved-prompts). Every one needs a signed-in
 * user; shapes follow the API.
 */
import { api, apiRequest } from '../api/index.ts';
import type { PromptListRequest, PromptPage, SavePromptInput } from './model.ts';

export const savePrompt = (body: SavePromptInput) => api.post<{ id: number }>('/api/prompt/save', body);

export const fetchPromptPage = ({ target, page, size, body }: PromptListRequest, signal?: AbortSignal) =>
  apiRequest<PromptPage>('POST', `/api/prompt/${target}?page=${page}&size=${size}`, { body, signal });

export const deletePrompt = (id: number) => apiRequest<{ ok: boolean }>('DELETE', `/api/prompt/${id}`);

export const publishPrompt = (id: number, isPublic: boolean) =>
  api.post<{ public: boolean }>(`/api/prompt/${id}/publish`, { public: isPublic });

export const subscribePrompt = (id: number, subscribe: boolean) =>
  api.post<{ subscribed: boolean; subscriber_count: number }>(`/api/prompt/${id}/subscribe`, { subscribe });
