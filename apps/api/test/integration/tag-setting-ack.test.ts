import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, codeOf, createTestApp, newAccount, type TestContext } from '../harness.ts';

/**
 * The account-setup acknowledgement (docs/product/accounts.md#account-setup): POST /api/user/update with
 * `user.tag_setting_ack: true`. A new account starts unacknowledged, so the web opens the setup dialog;
 * once acknowledged it stays so.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function signedIn() {
  const client = new Client(t.app);
  const created = await client.post('/api/user/create', newAccount());
  return { client, created };
}

describe('tag_setting_ack through POST /api/user/update', () => {
  it('starts false on a new account and becomes true, with the other choices of the dialog', async () => {
    const { client, created } = await signedIn();
    expect(created.body.user).toMatchObject({ tag_setting_ack: false });

    const { status, body } = await client.post('/api/user/update', {
      user: { tag_setting_ack: true, keep_updated: true, lang: 'de' },
    });
    expect(status).toBe(200);
    expect(body.user).toMatchObject({ tag_setting_ack: true, keep_updated: true, lang: 'de' });
    expect((await client.get('/api/user/me')).body).toMatchObject({ tag_setting_ack: true });
  });

  it('keeps it true when acknowledged again', async () => {
    const { client } = await signedIn();
    await client.post('/api/user/update', { user: { tag_setting_ack: true } });
    const again = await client.post('/api/user/update', { user: { tag_setting_ack: true } });
    expect(again.status).toBe(200);
    expect(again.body.user).toMatchObject({ tag_setting_ack: true });
  });

  it.each([false, 'true', 1, null])('refuses %j with validation_error and changes nothing', async (value) => {
    const { client } = await signedIn();
    await client.post('/api/user/update', { user: { tag_setting_ack: true } });
    const result = await client.post('/api/user/update', { user: { tag_setting_ack: value } });
    expect(result.status).toBe(400);
    expect(codeOf(result.body)).toBe('validation_error');
    // The acknowledgement cannot be taken back.
    expect((await client.get('/api/user/me')).body).toMatchObject({ tag_setting_ack: true });
  });

  it('needs a session', async () => {
    const result = await new Client(t.app).post('/api/user/update', { user: { tag_setting_ack: true } });
    expect(result.status).toBe(401);
    expect(codeOf(result.body)).toBe('token_missing');
  });
});
