import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, onNotificationHeader } from '../../api/index.ts';

/**
 * docs/product/player.md#the-bell: "Any response carrying an x-notification header triggers a refresh". The
 * API client calls the listeners the bell registers (PlayerWatch) for each such answer.
 */
function answer(status: number, headers: Record<string, string> = {}) {
  return vi.fn(() =>
    Promise.resolve(
      new Response(JSON.stringify(status < 400 ? { ok: true } : { detail: { code: 'not_found' } }), {
        status,
        headers: { 'content-type': 'application/json', ...headers },
      }),
    ),
  );
}

const stops: (() => void)[] = [];
afterEach(() => stops.splice(0).forEach((stop) => stop()));

describe('the x-notification header', () => {
  it('calls the listeners once per answer that carries it', async () => {
    const listener = vi.fn();
    stops.push(onNotificationHeader(listener));
    vi.stubGlobal('fetch', answer(200, { 'x-notification': '1' }));
    await apiRequest('GET', '/api/user/me');
    expect(listener).toHaveBeenCalledTimes(1);
    vi.stubGlobal('fetch', answer(200));
    await apiRequest('GET', '/api/user/me');
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('counts on an error answer too', async () => {
    const listener = vi.fn();
    stops.push(onNotificationHeader(listener));
    vi.stubGlobal('fetch', answer(404, { 'x-notification': '1' }));
    await expect(apiRequest('GET', '/api/image/x/info')).rejects.toThrow('not_found');
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('stops calling a listener once it unsubscribed', async () => {
    const listener = vi.fn();
    const stop = onNotificationHeader(listener);
    stop();
    vi.stubGlobal('fetch', answer(200, { 'x-notification': '1' }));
    await apiRequest('GET', '/api/user/me');
    expect(listener).not.toHaveBeenCalled();
  });
});
