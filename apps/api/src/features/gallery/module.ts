import type { FastifyInstance } from 'fastify';
import type { DB } from '../../db/database.ts';
import type { ObjectStore } from '../../storage/object-store.ts';
import { createActionRepository } from '../action/repository.ts';
import { registerActionRoutes } from '../action/routes.ts';
import { createActionService } from '../action/service.ts';
import { createImageInfoRepository } from '../image/info-repository.ts';
import { registerImageInfoRoutes } from '../image/info-routes.ts';
import { createImageInfoService } from '../image/info-service.ts';
import { createTagRepository } from '../tag/repository.ts';
import { registerTagSettingRoutes } from '../tag/routes.ts';
import { createSystemTagIndex } from '../tag/system-tags.ts';
import { createUserRepository } from '../user/repository.ts';
import { registerGalleryRoutes } from './routes.ts';
import { createGallerySearchRepository } from './search-repository.ts';
import { createGalleryService } from './service.ts';

/** Wires the gallery: search and tags, image calls, favourites and reports, tag blacklists. */
export function registerGallery(app: FastifyInstance, deps: { db: DB; store: ObjectStore; now: () => Date }) {
  const { db, now } = deps;
  const tags = createTagRepository(db);
  const users = createUserRepository(db);
  const gallery = createGalleryService({
    search: createGallerySearchRepository(db),
    tags,
    systemTags: createSystemTagIndex(db, now),
    now,
  });
  const images = createImageInfoService({
    images: createImageInfoRepository(db),
    users,
    store: deps.store,
    now,
  });
  const actions = createActionService({ actions: createActionRepository(db), users, now });
  registerGalleryRoutes(app, { gallery, tags });
  registerTagSettingRoutes(app, { tags });
  registerImageInfoRoutes(app, { images });
  registerActionRoutes(app, { actions });
  return { gallery, images, actions, tags };
}
