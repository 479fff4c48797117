/** The oauth feature's public face: what other features import from it. */
export { newState, statesMatch } from './state.ts';
export type { OAuthProfile, OAuthService } from './service.ts';
