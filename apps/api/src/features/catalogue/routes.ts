import type { FastifyInstance } from 'fastify';
import type { DB } from '../../db/database.ts';
import type { SessionService } from '../session/service.ts';

export interface CatalogueRouteDeps {
  db: DB;
  sessions: SessionService;
}

/** Styles, boosters, presets and moderation words (spec §7: config, preset, settings/modifiers). */
export function registerCatalogueRoutes(_app: FastifyInstance, _deps: CatalogueRouteDeps): void {}
