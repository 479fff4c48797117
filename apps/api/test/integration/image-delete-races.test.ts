import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addImage, signedIn } from '../gallery-fixtures.ts';
import { codeOf, createTestApp, setBalances, type TestContext } from '../harness.ts';

/**
 * Calls that store a row pointing at an image (a favourite, a report, an upscale task) while its owner
 * deletes it. They used to check the image, then insert: when the delete committed in between, the
 * foreign key refused the insert and the caller got a 500. Each now locks the image row it points at
 * (FOR KEY SHARE) in its own transaction: either it runs first and the delete waits (then cascades), or
 * it finds the image gone and answers image_not_found.
 */
let t: TestContext;
let owner: Awaited<ReturnType<typeof signedIn>>;
let others: Awaited<ReturnType<typeof signedIn>>[];

beforeAll(async () => {
  t = await createTestApp();
  owner = await signedIn(t);
  await setBalances(t, owner.id, { generation_token: 1000 });
  others = await Promise.all(Array.from({ length: 8 }, () => signedIn(t)));
});
afterAll(async () => {
  await t.close();
});

const rowsPointingAt = async (imageId: number) => {
  const db = t.database.db;
  const [favorites, reports, tasks] = await Promise.all([
    db.selectFrom('favorite').select('user_id').where('image_id', '=', imageId).execute(),
    db.selectFrom('image_report').select('user_id').where('image_id', '=', imageId).execute(),
    db.selectFrom('task').select('id').where('source_image_id', '=', imageId).execute(),
  ]);
  return favorites.length + reports.length + tasks.length;
};

describe('acting on an image while its owner deletes it', () => {
  it('never answers 5xx: each call either lands before the delete or finds the image gone', async () => {
    const answers: { status: number; code: string | undefined }[] = [];
    for (let round = 0; round < 6; round++) {
      const image = await addImage(t, owner.id);
      const results = await Promise.all([
        ...others.map((other) => other.client.post('/api/action/favorite', { uuid: image.uuid })),
        ...others.map((other) => other.client.request('PUT', '/api/action/report/0', { uuid: image.uuid })),
        owner.client.post(`/api/tasks/${image.uuid}/upscale`, {}),
        owner.client.request('DELETE', `/api/image/${image.uuid}`),
      ]);
      answers.push(...results.map((result) => ({ status: result.status, code: codeOf(result.body) })));
      // Whatever won, the delete went through and took every favourite and report with it.
      expect((await owner.client.get(`/api/image/${image.uuid}/info`)).status).toBe(404);
      expect(await rowsPointingAt(image.id)).toBe(0);
    }
    expect(answers.filter((answer) => answer.status >= 500)).toEqual([]);
    for (const answer of answers.filter((answer) => answer.status !== 200)) {
      expect(answer).toEqual({ status: 404, code: 'image_not_found' });
    }
  });
});
