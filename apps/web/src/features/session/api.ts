/** The signed-in user (GET /api/user/me): the session's own call, so that features can read who is signed in. */
import { call } from '../api/index.ts';

export const fetchMe = (signal?: AbortSignal) => call('getMe', {}, signal);
