/** Calls of /api/user/oauth and the OAuth sign-in. Bodies follow the API contract exactly. */
import type { OAuthProvider, UserSettings } from '@mirage/domain';
import { api } from '../api/index.ts';

export const fetchOAuthProviders = (signal?: AbortSignal) =>
  api.get<{ providers: OAuthProvider[] }>('/api/user/oauth/providers', signal);

export const oauthLogin = (body: {
  auth_code: string;
  redirect_uri: string;
  provider: string;
  state?: string;
}) => api.post<{ user: UserSettings }>('/api/user/login/oauth', body);

export const oauthStartUrl = (provider: OAuthProvider) =>
  `/api/user/login/oauth/${encodeURIComponent(provider)}/start`;
