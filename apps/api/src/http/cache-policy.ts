import type { FastifyInstance } from 'fastify';

/**
 * Answers are not stored by browsers or proxies unless their route chose a caching policy (finding L7:
 * `/api/user/me`, with the email and balances, had none). Routes whose answer is the same for everyone
 * say so themselves (the catalogue: `public, max-age=300`; image files; the built web app), so a
 * forgotten header fails safe: `no-store` on every per-user answer, every error, and every path
 * however it is spelled (the hook looks at the answer, not at the URL).
 */
export function registerDefaultNoStore(app: FastifyInstance): void {
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}
