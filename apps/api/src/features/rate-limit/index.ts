/** The rate-limit feature's public face: what other features import from it. */
export { LIMITS } from './service.ts';
export type { Limit, RateLimiter } from './service.ts';
