/** The signed-in user (GET /api/user/me): the session's own call, so that features can read who is signed in. */
import type { UserSettings } from '@mirage/domain';
import { api } from '../api/index.ts';

export const fetchMe = (signal?: AbortSignal) => api.get<UserSettings>('/api/user/me', signal);
