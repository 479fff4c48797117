import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config.ts';

/**
 * Browser features the site never uses, switched off for it and anything it might embed
 * (docs/security.md#permissions-policy). Clipboard writes ("copy link") are not gated by this header.
 * Only features browsers know: an unknown name (e.g. `bluetooth`, which Chromium does not list) makes the
 * browser print a warning in every page's console.
 */
const PERMISSIONS_POLICY = [
  'camera=()',
  'microphone=()',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'midi=()',
  'display-capture=()',
  'browsing-topics=()',
].join(', ');

/**
 * Security headers on every answer (helmet's defaults plus the site's content security policy). The
 * middleware is built once: @fastify/helmet rebuilt it, directives parsing included, on every request.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  config: Pick<Config, 'NODE_ENV' | 'ANALYTICS_SCRIPT_URL' | 'FILES_PUBLIC_URL'>,
): void {
  // The configured analytics script's origin (docs/product/routes.md#analytics): its script and the page
  // views it sends there. Nothing else joins the policy, and nothing at all when analytics are off.
  const analytics = config.ANALYTICS_SCRIPT_URL ? [new URL(config.ANALYTICS_SCRIPT_URL).origin] : [];
  // The files host (FILES_PUBLIC_URL): its images, and the PNG the download button fetches.
  const files = config.FILES_PUBLIC_URL ? [new URL(config.FILES_PUBLIC_URL).origin] : [];
  const apply = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Scripts from the site only, never from strings: no 'unsafe-eval' (the web app runs zod jitless,
        // apps/web/src/app/zod.ts) and no inline scripts; the analytics origin only when configured.
        scriptSrc: ["'self'", ...analytics],
        imgSrc: ["'self'", 'data:', 'blob:', ...files],
        styleSrc: ["'self'", "'unsafe-inline'"],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...analytics, ...files],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: config.NODE_ENV === 'production' ? [] : null,
      },
    },
    // The OAuth popup talks to its opener with postMessage; same-origin-allow-popups keeps that working.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    apply(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
  });
}
