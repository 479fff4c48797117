import { getSiteInfo } from '@mirage/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import type { DB } from '../../db/database.ts';
import { schemaOf } from '../../http/contract.ts';
import { createSiteRepository } from './repository.ts';
import { loadTestimonials } from './testimonials.ts';

/**
 * What OPERATOR_ADDRESS reads as when the operator has not set it: plainly a gap, never an address that
 * looks real (docs/product/content.md#operator).
 */
export const ADDRESS_NOT_SET = 'Postal address not yet published by the operator (OPERATOR_ADDRESS).';

/** Who runs the service, from the running configuration: what the site call answers and the legal texts name. */
export function operatorOf(config: Config) {
  return {
    name: config.OPERATOR_NAME,
    address: config.OPERATOR_ADDRESS ?? ADDRESS_NOT_SET,
    contact_email: config.CONTACT_EMAIL ?? null,
  };
}

/**
 * GET /api/config/site (docs/product/content.md): who runs the service, the about page's team, the
 * promo pages' testimonials and the analytics script (docs/product/routes.md#analytics). The
 * testimonials file is read once, here, at start (a broken one refuses the start); the team is looked up
 * on each call, so an account created after the start is found.
 */
export function registerSiteRoutes(fastify: FastifyInstance, deps: { config: Config; db: DB }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config } = deps;
  const site = createSiteRepository(deps.db);
  const testimonials = loadTestimonials(config.PROMO_TESTIMONIALS_FILE);
  const operator = operatorOf(config);
  const analytics = config.ANALYTICS_SCRIPT_URL
    ? { script_url: config.ANALYTICS_SCRIPT_URL, site_id: config.ANALYTICS_SITE_ID ?? null }
    : null;
  if (config.NODE_ENV === 'production') {
    // A warning rather than a refusal: the legal duty is the operator's and varies by country, and a text
    // field should not keep the whole service down. The legal pages show the placeholder meanwhile.
    if (!config.OPERATOR_ADDRESS)
      app.log.warn('OPERATOR_ADDRESS is not set: the legal pages show no address');
    if (!config.CONTACT_EMAIL) app.log.warn('CONTACT_EMAIL is not set: the site shows no contact address');
  }
  // Each unknown name is logged once per process, not on every call.
  const reported = new Set<string>();

  app.get(
    getSiteInfo.path,
    { config: { auth: 'none' }, schema: schemaOf(getSiteInfo) },
    async (request, reply) => {
      const team = await site.findTeam(config.TEAM_USERNAMES);
      for (const name of config.TEAM_USERNAMES) {
        const key = name.toLowerCase();
        if (team.some((member) => member.username.toLowerCase() === key) || reported.has(key)) continue;
        reported.add(key);
        request.log.warn(
          { username: name },
          'TEAM_USERNAMES names no active account: left off the about page',
        );
      }
      // The same for everyone until the configuration or a team account changes: caches may keep it a while.
      reply.header('cache-control', 'public, max-age=300');
      return { operator, team, testimonials, analytics };
    },
  );
}
