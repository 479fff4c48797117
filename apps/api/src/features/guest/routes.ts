import { createGuestTxt2img, listGuestTasks, streamGuestTasks } from '@mirage/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.ts';
import { schemaOf } from '../../http/contract.ts';
import type { LiveStreams, LiveTopic, TaskViewReader } from '../live/index.ts';
import type { GuestTrial } from './service.ts';

/**
 * The guest session's cookie: a random token whose hash is the `guest_session` row (like the account
 * session's). HttpOnly, for the whole site: the image file route (/images/…) and the sign-up and sign-in
 * calls (the hand-over) read it too.
 */
export const GUEST_COOKIE = 'mirage_guest';

export function guestToken(request: FastifyRequest): string | undefined {
  return request.cookies[GUEST_COOKIE] || undefined;
}

function clearGuestCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(GUEST_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
}

/** `/api/tasks/guest` (DECISIONS.md "Guests and the client"): the trial's call and its tasks. */
export function registerGuestRoutes(
  fastify: FastifyInstance,
  deps: {
    guestTrial: GuestTrial;
    secureCookies: boolean;
    /** The live streams of this instance (features/live): the guest's monitor is one of them. */
    live: LiveStreams;
    /** How tasks are shown on a live stream (task/view.ts). */
    taskViews: TaskViewReader;
  },
): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  // 'none': a signed-in caller is served as a visitor (the limits are the browser's and the address's).
  app.post(
    createGuestTxt2img.path,
    { config: { auth: 'none' }, schema: schemaOf(createGuestTxt2img) },
    async (request, reply) => {
      return deps.guestTrial.create({
        token: guestToken(request),
        ip: request.ip,
        body: request.body,
        onNewSession: ({ token, expiresAt }) =>
          reply.setCookie(GUEST_COOKIE, token, {
            path: '/',
            httpOnly: true,
            sameSite: 'lax',
            secure: deps.secureCookies,
            expires: expiresAt,
          }),
      });
    },
  );

  app.get(
    listGuestTasks.path,
    { config: { auth: 'none' }, schema: schemaOf(listGuestTasks) },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { tasks: await deps.guestTrial.tasks(guestToken(request)) };
    },
  );

  registerGuestMonitor(fastify, deps);
}

const TASKS_ONLY: ReadonlySet<LiveTopic> = new Set(['tasks']);

/**
 * GET /api/tasks/guest/monitor: the guest's task on the same live stream as a signed-in user's monitor
 * (a snapshot, then each change, `unauthorized` once the session is gone: expired, or handed over to an
 * account). Without a guest session: token_missing.
 */
function registerGuestMonitor(
  app: FastifyInstance,
  deps: { guestTrial: GuestTrial; live: LiveStreams; taskViews: TaskViewReader },
): void {
  app.get(
    streamGuestTasks.path,
    { config: { auth: 'none' }, schema: schemaOf(streamGuestTasks) },
    async (request, reply) => {
      const token = guestToken(request);
      const ownerId = await deps.guestTrial.ownerOf(token);
      if (ownerId === undefined) throw new AppError('token_missing');
      return deps.live.open(request, reply, {
        topics: TASKS_ONLY,
        taskViews: deps.taskViews,
        viewer: {
          userId: ownerId,
          stillValid: async () => (await deps.guestTrial.ownerOf(token)) === ownerId,
        },
      });
    },
  );
}

/**
 * What the sign-up and sign-in routes run once the account's session is set (features/user routes'
 * `onSignedIn`): this browser's guest image becomes the account's, and the guest cookie goes.
 */
export function guestHandOverHook(guestTrial: Pick<GuestTrial, 'handOver'>, secureCookies: boolean) {
  return async (request: FastifyRequest, reply: FastifyReply, userId: number): Promise<void> => {
    const token = guestToken(request);
    if (!token) return;
    try {
      await guestTrial.handOver(token, userId);
      clearGuestCookie(reply, secureCookies);
    } catch (error) {
      // The account is made and signed in: a failed hand-over must not fail that. The image stays the
      // guest session's (the cookie is kept), and the next sign-in in this browser tries again.
      request.log.warn({ err: error, userId }, 'guest trial hand-over failed');
    }
  };
}
