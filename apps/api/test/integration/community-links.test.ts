import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { Client, createTestApp, type TestContext } from '../harness.ts';

/** GET /api/config/community: the operator's community addresses, open to anyone. */
const contexts: TestContext[] = [];
afterAll(async () => {
  for (const t of contexts) await t.close();
});

async function linksOf(env: Record<string, string> = {}) {
  const t = await createTestApp({ env });
  contexts.push(t);
  const answer = await new Client(t.app).get('/api/config/community');
  expect(answer.status).toBe(200);
  return answer.body;
}

describe('the community links', () => {
  it('are all null on a laptop, where none is configured', async () => {
    expect(await linksOf()).toEqual({ chat: null, forum: null, microblog: null, video: null });
  });

  it('are what the operator configured', async () => {
    expect(
      await linksOf({
        COMMUNITY_CHAT_URL: 'https://chat.example.org/invite',
        COMMUNITY_VIDEO_URL: 'https://video.example.org/@mirage',
      }),
    ).toEqual({
      chat: 'https://chat.example.org/invite',
      forum: null,
      microblog: null,
      video: 'https://video.example.org/@mirage',
    });
  });

  it('refuses an address that is not http(s) at start', () => {
    for (const bad of ['javascript:alert(1)', 'data:text/html,x', 'ftp://files.example.org/', 'chat']) {
      expect(() => loadConfig({ NODE_ENV: 'test', COMMUNITY_FORUM_URL: bad })).toThrow(ConfigError);
    }
  });
});
