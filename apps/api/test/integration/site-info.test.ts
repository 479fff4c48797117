import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { ADDRESS_NOT_SET } from '../../src/features/site/routes.ts';
import { loadTestimonials } from '../../src/features/site/testimonials.ts';
import { Client, createTestApp, newAccount, type TestContext } from '../harness.ts';

/**
 * GET /api/config/site (docs/product/content.md): the operator, the about page's team and the promo pages'
 * testimonials, as the operator configured them; open to anyone.
 */
const contexts: TestContext[] = [];
const folder = mkdtempSync(path.join(os.tmpdir(), 'mirage-site-'));
// Each test starts its own app with its own configuration: closed after it, so that a worker holds one
// embedded database at a time rather than one per test (under a loaded CI they starved each other).
afterEach(async () => {
  for (const t of contexts.splice(0)) await t.close();
});
afterAll(() => {
  rmSync(folder, { recursive: true, force: true });
});

async function appWith(env: Record<string, string> = {}) {
  const t = await createTestApp({ env });
  contexts.push(t);
  return t;
}

async function siteInfo(t: TestContext) {
  const answer = await new Client(t.app).get('/api/config/site');
  expect(answer.status).toBe(200);
  return answer;
}

function fileWith(name: string, content: unknown): string {
  const file = path.join(folder, name);
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
}

const QUOTE = {
  id: 'forum-2026-03',
  message: 'The styles are lovely and the queue is quick.',
  author: 'lighthouse_fan',
  platform: 'forum',
  url: 'https://forum.example.org/t/42',
};

describe('the site information', () => {
  it('on a laptop: the default operator, a placeholder address, no team and no testimonials', async () => {
    const answer = await siteInfo(await appWith());
    expect(answer.body).toEqual({
      operator: { name: 'Mirage', address: ADDRESS_NOT_SET, contact_email: null },
      team: [],
      testimonials: [],
      analytics: null,
    });
    // Like the community links: the same for everyone, so caches may keep it a while.
    expect(answer.response.headers['cache-control']).toBe('public, max-age=300');
  });

  it('names the configured operator and contact address', async () => {
    const answer = await siteInfo(
      await appWith({
        OPERATOR_NAME: 'Example Media Ltd',
        OPERATOR_ADDRESS: '1 Harbour Street, 00000 Example Town',
        CONTACT_EMAIL: 'hello@example.org',
      }),
    );
    expect(answer.body.operator).toEqual({
      name: 'Example Media Ltd',
      address: '1 Harbour Street, 00000 Example Town',
      contact_email: 'hello@example.org',
    });
  });

  it('resolves the team to profile ids in the configured order, skipping a name without an account', async () => {
    const first = newAccount();
    const second = newAccount();
    // Any case matches, as at sign-in; the answer gives each username as the account spells it.
    const t = await appWith({ TEAM_USERNAMES: `${second.username.toUpperCase()}, ${first.username}` });
    // Nobody signed up yet: the about page shows no links rather than an error.
    expect((await siteInfo(t)).body.team).toEqual([]);
    const signUp = async (account: ReturnType<typeof newAccount>) => {
      const created = await new Client(t.app).post('/api/user/create', account);
      expect(created.status).toBe(201);
      return (created.body.user as { id: number }).id;
    };
    const firstId = await signUp(first);
    expect((await siteInfo(t)).body.team).toEqual([{ id: firstId, username: first.username }]);
    const secondId = await signUp(second);
    expect((await siteInfo(t)).body.team).toEqual([
      { id: secondId, username: second.username },
      { id: firstId, username: first.username },
    ]);
    // A deactivated account is no longer presented as the team.
    await t.database.db.updateTable('app_user').set({ is_active: false }).where('id', '=', firstId).execute();
    expect((await siteInfo(t)).body.team).toEqual([{ id: secondId, username: second.username }]);
  });

  it('serves the testimonials of the operator’s file, missing links as null', async () => {
    const file = fileWith('quotes.json', {
      testimonials: [QUOTE, { id: 'chat-1', message: 'Fast and pretty.', author: 'Mika', platform: 'chat' }],
    });
    const answer = await siteInfo(await appWith({ PROMO_TESTIMONIALS_FILE: file }));
    expect(answer.body.testimonials).toEqual([
      { ...QUOTE, avatar: null },
      {
        id: 'chat-1',
        message: 'Fast and pretty.',
        author: 'Mika',
        platform: 'chat',
        avatar: null,
        url: null,
      },
    ]);
  });
});

describe('the configuration refuses at start', () => {
  it('more than two team members, or one named twice', () => {
    for (const TEAM_USERNAMES of ['ann,bob,cid', 'ann,ANN']) {
      expect(() => loadConfig({ NODE_ENV: 'test', TEAM_USERNAMES })).toThrow(ConfigError);
    }
    expect(loadConfig({ NODE_ENV: 'test', TEAM_USERNAMES: ' ann , bob ' }).TEAM_USERNAMES).toEqual([
      'ann',
      'bob',
    ]);
  });

  it('a contact address that is not one', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', CONTACT_EMAIL: 'write to us' })).toThrow(ConfigError);
  });

  it('a testimonials file that is missing, not JSON or not in the expected shape', async () => {
    const broken = [
      path.join(folder, 'missing.json'),
      fileWith('not-json.json', '{"testimonials": ['),
      fileWith('no-list.json', [QUOTE]),
      fileWith('no-author.json', { testimonials: [{ ...QUOTE, author: '' }] }),
      fileWith('script-link.json', { testimonials: [{ ...QUOTE, url: 'javascript:alert(1)' }] }),
      fileWith('unknown-field.json', { testimonials: [{ ...QUOTE, rating: 5 }] }),
      fileWith('same-id.json', { testimonials: [QUOTE, QUOTE] }),
    ];
    for (const file of broken) expect(() => loadTestimonials(file), file).toThrow(ConfigError);
    // The app itself does not start with one.
    await expect(createTestApp({ env: { PROMO_TESTIMONIALS_FILE: broken[1]! } })).rejects.toThrow(
      ConfigError,
    );
  });
});
