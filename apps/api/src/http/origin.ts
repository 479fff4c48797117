import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.ts';

/** Methods that only read. Every other method changes state and is checked, whatever the path. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A method the origin check guards (any but GET, HEAD and OPTIONS): it can change state. */
export function isStateChanging(method: string): boolean {
  return !SAFE_METHODS.has(method.toUpperCase());
}

/** Names of this machine: on a loopback PUBLIC_URL they all reach the same server. */
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The origins the site's own pages send: PUBLIC_URL's, taken from the configuration only. Nothing comes
 * from the request: a client chooses its Host header, so `Host: evil.example` must not make
 * `Origin: http://evil.example` the request's "own" origin. On a loopback PUBLIC_URL (development,
 * `http://localhost:8080`) the other loopback names with the same scheme and port are the same server
 * (someone opening http://127.0.0.1:8080), so they count too; another port never does.
 */
export function siteOrigins(publicUrl: string): Set<string> {
  const site = new URL(publicUrl);
  const origins = new Set([site.origin]);
  if (LOOPBACK_HOSTS.includes(site.hostname)) {
    for (const host of LOOPBACK_HOSTS) {
      const alias = new URL(site.origin);
      alias.hostname = host;
      origins.add(alias.origin);
    }
  }
  return origins;
}

/** What a request says about where it comes from. */
export interface RequestProvenance {
  method: string;
  origin: string | undefined;
  referer: string | undefined;
  cookie: string | undefined;
}

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/**
 * The cross-site request rule (CSRF defence; SameSite=Lax cookies stop cross-site pages, but not
 * same-site ones: another port of the host or a sibling subdomain, which get the victim's cookies):
 *
 * 1. GET, HEAD and OPTIONS pass: they change nothing.
 * 2. Every other method (POST, PUT, PATCH, DELETE, anything else), on every path, decided on the method
 *    alone (never on the raw URL, which the router decodes: `/%61pi/...` is `/api/...`):
 *    a. With an `Origin` header, it must be exactly one of the site's origins. A foreign origin, `null`
 *       (sandboxed or privacy-stripped pages) or another spelling is refused, with or without cookies:
 *       signing a victim in to the attacker's account (login CSRF) needs no cookie.
 *    b. Without Origin but with a `Referer`, the Referer's origin must be the site's.
 *    c. With neither, the request passes only if it carries no cookie at all. Current browsers send
 *       Origin with every such request (a simple `text/plain` POST from a form or `fetch` included), so
 *       this case is non-browser clients: the worker agent and scripts authenticate with a bearer token,
 *       and a request without cookies cannot ride anybody's session. A request with cookies but no
 *       provenance could be an old browser that omits Origin: it is refused.
 *
 * The web app is served from PUBLIC_URL and calls the API with same-origin `fetch`, which always sends
 * Origin (the site's no-referrer policy strips Referer, never a same-origin fetch's Origin).
 */
export function isSameSiteRequest(request: RequestProvenance, allowed: ReadonlySet<string>): boolean {
  if (!isStateChanging(request.method)) return true;
  if (request.origin !== undefined) return allowed.has(request.origin);
  if (request.referer !== undefined) {
    const origin = originOf(request.referer);
    return origin !== undefined && allowed.has(origin);
  }
  return (request.cookie ?? '').trim() === '';
}

/** Refuses cross-site state-changing requests (isSameSiteRequest) with 403 `forbidden_origin`. */
export function registerOriginCheck(app: FastifyInstance, publicUrl: string): void {
  const allowed = siteOrigins(publicUrl);
  app.addHook('onRequest', (request, _reply, done) => {
    const { origin, referer, cookie } = request.headers;
    const sameSite = isSameSiteRequest({ method: request.method, origin, referer, cookie }, allowed);
    done(sameSite ? undefined : new AppError('forbidden_origin'));
  });
}
