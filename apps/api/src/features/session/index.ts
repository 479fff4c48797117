/** The session feature's public face: what other features import from it. */
export { hashToken, newToken } from './service.ts';
export type { SessionService } from './service.ts';
export { FILE_TOKEN_HEADER, createFileTokens, createReadTokens } from './file-token.ts';
export type { FileTokens } from './file-token.ts';
