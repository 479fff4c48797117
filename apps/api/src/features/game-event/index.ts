/** The game-event feature's public face: what the app, the operator's CLI and the loader import. */
export { createGameEventRepository, GameEventLoadError } from './repository.ts';
export type { EndOutcome, GameEventRepository, StoredGameEvent } from './repository.ts';
export { createGameEventService } from './service.ts';
export type { GameEventService } from './service.ts';
export { registerGameEventRoutes } from './routes.ts';
export { loadGameEventFile } from './loader.ts';
