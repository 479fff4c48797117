import sharp from 'sharp';
import { addImage, signedIn as newUser } from './gallery-fixtures.ts';
import { setBalances, type TestContext } from './harness.ts';

/** The tweak tests' shared steps (integration/tasks-tweak-*.test.ts): users with an image, masks, a worker. */

export const STYLE = { FREE_ANIME: 1, PAID_ANIME: 2, PASTEL: 3, PHOTO: 20, RETIRED: 26 } as const;
export const PRO = 2;

/** A mask: black, with a white 8x8 square at (4, 4) (or nothing painted), as base64 PNG. */
export async function maskOf(width = 32, height = 44, painted = true, alpha = false): Promise<string> {
  const background = alpha ? { r: 0, g: 0, b: 0, alpha: 0 } : '#000';
  const base = sharp({ create: { width, height, channels: alpha ? 4 : 3, background } });
  const square = await sharp({
    create: { width: 8, height: 8, channels: 4, background: { r: 255, g: 255, b: 255, alpha: 1 } },
  })
    .png()
    .toBuffer();
  const png = await (painted ? base.composite([{ input: square, left: 4, top: 4 }]) : base).png().toBuffer();
  return png.toString('base64');
}

export function tweakFixtures(t: TestContext, worker: { base: string; token: string }) {
  /** A user with tickets (and a plan), and one of their images with its files (32x44). */
  async function userWithImage(
    options: { plan?: number; tickets?: number; image?: Parameters<typeof addImage>[2] } = {},
  ) {
    const user = await newUser(t);
    if (options.plan) {
      const proExpire = new Date(Date.now() + 30 * 86_400_000);
      await t.database.db
        .updateTable('app_user')
        .set({ plan: options.plan, pro_expire: proExpire })
        .where('id', '=', user.id)
        .execute();
    }
    await setBalances(t, user.id, { generation_token: options.tickets ?? 20, daily_token: 0 });
    const image = await addImage(t, user.id, { files: true, ...options.image });
    return { ...user, image };
  }

  const tickets = async (userId: number) =>
    (
      await t.database.db
        .selectFrom('app_user')
        .select('generation_token')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow()
    ).generation_token;

  /** A worker's call: GET without a body, POST with JSON or a form. */
  async function call(path: string, body?: FormData | object) {
    const form = body instanceof FormData;
    const json = body !== undefined && !form;
    return fetch(`${worker.base}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        authorization: `Bearer ${worker.token}`,
        ...(json ? { 'content-type': 'application/json' } : {}),
      },
      body: body === undefined ? undefined : form ? body : JSON.stringify(body),
    });
  }

  /** Leases the next tweak job (a preview worker that takes both tweak types). */
  async function lease(): Promise<Record<string, unknown> & { id: string }> {
    const response = await call('/api/worker/lease', {
      engine: 'preview',
      models: { checkpoints: [], loras: [], upscalers: [] },
      max_pixels: 16_000_000,
      job_types: ['inpaint', 'style_convert'],
      wait_seconds: 0,
    });
    const { job } = (await response.json()) as { job: (Record<string, unknown> & { id: string }) | null };
    if (!job) throw new Error('no tweak job was queued');
    return job;
  }

  /** Ends a leased job for good, so the next test's lease finds its own. */
  const failJob = (id: string) =>
    call(`/api/worker/jobs/${id}/fail`, { retryable: false, message: 'test over' });

  return { userWithImage, tickets, call, lease, failJob };
}
