/** Who is signed in: the auth cookie's flag, the user (GET /api/user/me) and the reloads after a change. */
export { fetchMe } from './api.ts';
export { reloadTo } from './navigation.ts';
export { forgetNewAccount, isNewAccount, markNewAccount } from './newAccount.ts';
export { clearAuthCookie, isSignedIn, ME_QUERY_KEY, subscribeSession } from './session.ts';
export { meQueryOptions, useSession, type Session } from './useSession.ts';
