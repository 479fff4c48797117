import { OAUTH_PROVIDERS, type OAuthProvider } from '@mirage/domain';
import { OAuth2Client } from 'arctic';
import { z } from 'zod';
import { ConfigError, type Config } from '../../config.ts';
import { AppError } from '../../errors.ts';

/** Who the provider says the user is, reduced to what sign-in needs. */
export interface OAuthProfile {
  provider: OAuthProvider;
  /** The provider's stable user id (Google `sub`, Discord `id`). */
  subject: string;
  email: string | null;
  /** True only when the provider vouches for `email`. */
  emailVerified: boolean;
  displayName: string | null;
}

export interface OAuthEndpoints {
  authorize: string;
  token: string;
  userinfo: string;
}

export type OAuthConfig = Pick<
  Config,
  | 'PUBLIC_URL'
  | 'GOOGLE_CLIENT_ID'
  | 'GOOGLE_CLIENT_SECRET'
  | 'DISCORD_CLIENT_ID'
  | 'DISCORD_CLIENT_SECRET'
  | 'OAUTH_ENDPOINTS'
>;

export interface OAuthServiceOptions {
  /** Limit of each network call (token exchange, userinfo). Default 10 s. */
  timeoutMs?: number;
}

export type OAuthService = ReturnType<typeof createOAuthService>;

export const DEFAULT_ENDPOINTS: Record<OAuthProvider, OAuthEndpoints> = {
  google: {
    authorize: 'https://accounts.google.com/o/oauth2/v2/auth',
    token: 'https://oauth2.googleapis.com/token',
    userinfo: 'https://openidconnect.googleapis.com/v1/userinfo',
  },
  discord: {
    authorize: 'https://discord.com/oauth2/authorize',
    token: 'https://discord.com/api/oauth2/token',
    userinfo: 'https://discord.com/api/users/@me',
  },
};

const SCOPES: Record<OAuthProvider, string[]> = {
  google: ['openid', 'email', 'profile'],
  discord: ['identify', 'email'],
};

const DEFAULT_TIMEOUT_MS = 10_000;

const endpointsOverride = z.strictObject({
  authorize: z.url().optional(),
  token: z.url().optional(),
  userinfo: z.url().optional(),
});
const endpointsOverrides = z.strictObject({
  google: endpointsOverride.optional(),
  discord: endpointsOverride.optional(),
});

/** Reads OAUTH_ENDPOINTS (JSON) over the defaults; a malformed value is a configuration error. */
export function resolveEndpoints(json: string | undefined): Record<OAuthProvider, OAuthEndpoints> {
  if (!json) return DEFAULT_ENDPOINTS;
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    throw new ConfigError('OAUTH_ENDPOINTS is not valid JSON');
  }
  const parsed = endpointsOverrides.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`OAUTH_ENDPOINTS is invalid: ${problems.join('; ')}`);
  }
  return {
    google: { ...DEFAULT_ENDPOINTS.google, ...parsed.data.google },
    discord: { ...DEFAULT_ENDPOINTS.discord, ...parsed.data.discord },
  };
}

const optionalText = z
  .string()
  .nullish()
  .transform((value) => (value?.trim() ? value.trim() : null));

/** OpenID Connect userinfo (Google). Some deployments send `email_verified` as a string. */
const googleUserinfo = z.object({
  sub: z.string().min(1),
  email: optionalText,
  email_verified: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]).nullish(),
  name: optionalText,
});

/** Discord GET /users/@me. `email` and `verified` come with the `email` scope. */
const discordUserinfo = z.object({
  id: z.string().min(1),
  email: optionalText,
  verified: z.boolean().nullish(),
  global_name: optionalText,
  username: optionalText,
});

export function parseProfile(provider: OAuthProvider, body: unknown): OAuthProfile {
  if (provider === 'google') {
    const data = googleUserinfo.parse(body);
    return {
      provider,
      subject: data.sub,
      email: data.email,
      emailVerified: data.email !== null && data.email_verified === true,
      displayName: data.name,
    };
  }
  const data = discordUserinfo.parse(body);
  return {
    provider,
    subject: data.id,
    email: data.email,
    emailVerified: data.email !== null && data.verified === true,
    displayName: data.global_name ?? data.username,
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function failed(cause: unknown): AppError {
  const error = new AppError('oauth_failed');
  error.cause = cause; // for server logs; never part of the answer
  return error;
}

/**
 * Sign-in with Google and Discord (authorization-code flow). The web app sends the user to
 * `authorizationUrl`, the provider sends them back to `/oauth?provider=...&code=...&state=...`, and the
 * API trades the code for a profile with `exchange`.
 */
export function createOAuthService(config: OAuthConfig, options: OAuthServiceOptions = {}) {
  const endpoints = resolveEndpoints(config.OAUTH_ENDPOINTS);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const publicUrl = config.PUBLIC_URL.replace(/\/+$/, '');
  const credentials: Record<OAuthProvider, { id: string | undefined; secret: string | undefined }> = {
    google: { id: config.GOOGLE_CLIENT_ID, secret: config.GOOGLE_CLIENT_SECRET },
    discord: { id: config.DISCORD_CLIENT_ID, secret: config.DISCORD_CLIENT_SECRET },
  };

  function clientCredentials(provider: OAuthProvider): { id: string; secret: string } {
    // A value from the network (the route's zod enum should have caught it) must not index blindly.
    const entry = Object.hasOwn(credentials, provider) ? credentials[provider] : undefined;
    if (!entry?.id || !entry.secret) throw new AppError('oauth_provider_unavailable');
    return { id: entry.id, secret: entry.secret };
  }

  function redirectUri(provider: OAuthProvider): string {
    return `${publicUrl}/oauth?provider=${encodeURIComponent(provider)}`;
  }

  return {
    /** Providers with both a client id and a secret; the others are hidden from the UI. */
    providers(): OAuthProvider[] {
      return OAUTH_PROVIDERS.filter((provider) =>
        Boolean(credentials[provider].id && credentials[provider].secret),
      );
    },

    redirectUri,

    /** Where to send the browser to sign in; `state` comes back in the redirect and must match. */
    authorizationUrl(provider: OAuthProvider, state: string): URL {
      const { id, secret } = clientCredentials(provider);
      const client = new OAuth2Client(id, secret, redirectUri(provider));
      const url = client.createAuthorizationURL(endpoints[provider].authorize, state, SCOPES[provider]);
      if (provider === 'google') url.searchParams.set('prompt', 'select_account');
      return url;
    },

    /** Trades an authorization code for the user's profile; every failure is `oauth_failed`. */
    async exchange(provider: OAuthProvider, code: string, redirectUriUsed: string): Promise<OAuthProfile> {
      const { id, secret } = clientCredentials(provider);
      const client = new OAuth2Client(id, secret, redirectUriUsed);
      let accessToken: string;
      try {
        const tokens = await withTimeout(
          client.validateAuthorizationCode(endpoints[provider].token, code, null),
          timeoutMs,
        );
        accessToken = tokens.accessToken();
      } catch (error) {
        throw failed(error);
      }
      try {
        const response = await fetch(endpoints[provider].userinfo, {
          headers: { Authorization: `Bearer ${accessToken}`, Accept: 'application/json' },
          redirect: 'error',
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (!response.ok) {
          await response.body?.cancel();
          throw new Error(`userinfo answered ${response.status}`);
        }
        return parseProfile(provider, await response.json());
      } catch (error) {
        throw failed(error);
      }
    },
  };
}
