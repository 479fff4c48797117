/** The moderation feature's public face: what other features import from it. */
export type { ModerationService } from './service.ts';
