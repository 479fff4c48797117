/** Calls of /api/user/oauth and the OAuth sign-in, typed from the API's contract (@mirage/contract). */
import type { Answer, Body } from '@mirage/contract';
import { call, firstScreenAnswer, pathOf } from '../api/index.ts';

/** A sign-in provider the API may offer. */
export type OAuthProvider = Answer<'listOAuthProviders'>['providers'][number];

export const fetchOAuthProviders = (signal?: AbortSignal) => call('listOAuthProviders', {}, signal);

/** The providers the server put in the page, if any (features/api/client.ts: firstScreenAnswer). */
export const embeddedOAuthProviders = () => firstScreenAnswer('listOAuthProviders', {});

/**
 * The provider is what the return URL says, unchecked here: the API answers `oauth_provider_unavailable`
 * to one it does not offer, and the page shows that code.
 */
export const oauthLogin = (body: Omit<Body<'logInWithOAuth'>, 'provider'> & { provider: string }) =>
  call('logInWithOAuth', { body: body as Body<'logInWithOAuth'> });

/** Where the browser goes to start a sign-in (a navigation: the API redirects to the provider). */
export const oauthStartUrl = (provider: OAuthProvider) => pathOf('startOAuthLogin', { provider });
