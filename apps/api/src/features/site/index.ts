/** Who runs the service (GET /api/config/site; docs/product/content.md), as other features name it. */
export { ADDRESS_NOT_SET, operatorOf, registerSiteRoutes } from './routes.ts';
