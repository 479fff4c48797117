import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addImage, signedIn, tagId } from '../gallery-fixtures.ts';
import { createTestApp, type TestContext } from '../harness.ts';

/**
 * The blacklist (PUT /api/settings/tags/ban) replaces the user's list. Parallel saves of one user (a
 * double click in Settings) used to collide on user_tag_ban_pk and answer 500 (abuse findings M5).
 */
let t: TestContext;
let user: Awaited<ReturnType<typeof signedIn>>;
let tags: number[];

beforeAll(async () => {
  t = await createTestApp();
  user = await signedIn(t);
  const author = await signedIn(t);
  await addImage(t, author.id, { prompt: 'harbour, lighthouse, storm clouds, pine trees' });
  tags = await Promise.all(
    ['harbour', 'lighthouse', 'storm clouds', 'pine trees'].map((name) => tagId(t, name)),
  );
});
afterAll(async () => {
  await t.close();
});

const save = (ids: number[]) => user.client.request('PUT', '/api/settings/tags/ban', { tags: ids });
const banned = async () =>
  ((await user.client.get('/api/settings/tags/ban')).body.tags as { id: number }[]).map((tag) => tag.id);

describe('saving the blacklist in parallel', () => {
  it('answers 20 identical saves without a 5xx and keeps exactly that list', async () => {
    const wanted = tags.slice(0, 3);
    const answers = await Promise.all(Array.from({ length: 20 }, () => save(wanted)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    for (const answer of answers) {
      expect((answer.body.tags as { id: number }[]).map((tag) => tag.id)).toEqual(
        [...wanted].sort((a, b) => a - b),
      );
    }
    expect(await banned()).toEqual([...wanted].sort((a, b) => a - b));
  });

  it('ends with one of the lists sent when different saves race, never a mix of them', async () => {
    const lists = Array.from({ length: 20 }, (_, index) => [tags[index % 4]!, tags[(index + 1) % 4]!]);
    const answers = await Promise.all(lists.map((list) => save(list)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    const final = await banned();
    const sent = lists.map((list) => JSON.stringify([...list].sort((a, b) => a - b)));
    expect(sent).toContain(JSON.stringify(final));
  });
});
