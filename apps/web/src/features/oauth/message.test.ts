import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeBrowser } from '../../testing/fakeBrowser.ts';
import {
  isOAuthMessage,
  listenForOAuthResult,
  OAUTH_CHANNEL,
  OAUTH_MESSAGE_TYPE,
  oauthRedirectUri,
  sendOAuthResult,
  type OAuthMessage,
} from './message.ts';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

describe('OAuth messages', () => {
  it('recognises only well-formed results', () => {
    expect(isOAuthMessage({ type: OAUTH_MESSAGE_TYPE, ok: true })).toBe(true);
    expect(isOAuthMessage({ type: OAUTH_MESSAGE_TYPE, ok: false, error: 'oauth_failed' })).toBe(true);
    expect(isOAuthMessage({ type: OAUTH_MESSAGE_TYPE, ok: 'yes' })).toBe(false);
    expect(isOAuthMessage({ type: 'other', ok: true })).toBe(false);
    expect(isOAuthMessage(null)).toBe(false);
    expect(isOAuthMessage('mirage-oauth')).toBe(false);
  });

  it('builds the redirect URI registered with the provider', () => {
    installFakeBrowser({ origin: 'https://mirage.example' });
    expect(oauthRedirectUri('google')).toBe('https://mirage.example/oauth?provider=google');
    expect(oauthRedirectUri('a b')).toBe('https://mirage.example/oauth?provider=a%20b');
  });

  it('posts to the opener on our own origin, and reports delivery at once', async () => {
    const { window } = installFakeBrowser({ origin: 'https://mirage.example' });
    const postMessage = vi.fn();
    window.opener = { postMessage };
    await expect(sendOAuthResult({ ok: false, error: 'oauth_failed' })).resolves.toBe(true);
    expect(postMessage).toHaveBeenCalledWith(
      { type: OAUTH_MESSAGE_TYPE, ok: false, error: 'oauth_failed' },
      'https://mirage.example',
    );
  });

  it('without an opener, is delivered when a listening tab acknowledges the broadcast', async () => {
    installFakeBrowser();
    const received: OAuthMessage[] = [];
    cleanups.push(listenForOAuthResult((message) => received.push(message)));
    await expect(sendOAuthResult({ ok: true }, 1000)).resolves.toBe(true);
    expect(received).toEqual([{ type: OAUTH_MESSAGE_TYPE, ok: true }]);
  });

  it('without an opener or a listener, reports that nobody received it', async () => {
    installFakeBrowser();
    const started = Date.now();
    await expect(sendOAuthResult({ ok: true }, 50)).resolves.toBe(false);
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
  });

  it('ignores window messages from other origins and stops listening when unsubscribed', async () => {
    const { window } = installFakeBrowser({ origin: 'https://mirage.example' });
    const onResult = vi.fn();
    const stop = listenForOAuthResult(onResult);
    const data = { type: OAUTH_MESSAGE_TYPE, ok: true };
    window.dispatchEvent(Object.assign(new Event('message'), { origin: 'https://evil.example', data }));
    expect(onResult).not.toHaveBeenCalled();
    window.dispatchEvent(Object.assign(new Event('message'), { origin: 'https://mirage.example', data }));
    expect(onResult).toHaveBeenCalledWith(data);
    stop();
    window.dispatchEvent(Object.assign(new Event('message'), { origin: 'https://mirage.example', data }));
    const channel = new BroadcastChannel(OAUTH_CHANNEL);
    channel.postMessage(data);
    await new Promise((resolve) => setTimeout(resolve, 30));
    channel.close();
    expect(onResult).toHaveBeenCalledTimes(1);
  });
});
