/** The session feature's public face: what other features import from it. */
export { hashToken, newToken } from './service.ts';
export type { SessionService } from './service.ts';
