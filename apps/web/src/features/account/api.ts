/**
 * Calls of /api/user (docs/product/api.md#accounts) for accounts; `me` is the session's, OAuth the oauth
 * feature's. Bodies follow the API contract exactly.
 */
import type { Language, UserSettings } from '@mirage/domain';
import { api } from '../api/index.ts';

export interface UserResponse {
  user: UserSettings;
}

export const login = (body: { username: string; pwd: string }) =>
  api.post<UserResponse>('/api/user/login', body);

export const createUser = (body: { username: string; email: string; pwd: string; referral_code?: string }) =>
  api.post<UserResponse>('/api/user/create', body);

export const logout = () => api.post<{ ok: boolean }>('/api/user/logout');

export type UserUpdate = { user: { username?: string; keep_updated?: boolean; lang?: Language } };
export type PasswordUpdate = { pwd: string; current_pwd: string };

export const updateUser = (body: UserUpdate | PasswordUpdate) =>
  api.post<UserResponse>('/api/user/update', body);

export const sendResetPassword = (email: string) =>
  api.post<{ ok: boolean }>('/api/user/send_reset_pwd', { email });

export const resetPassword = (token: string, pwd: string) =>
  api.post<{ ok: boolean }>('/api/user/reset_pwd', { token, pwd });
