import { describe, expect, it, vi } from 'vitest';
import { installFakeBrowser, MemoryStorage } from '../../../testing/fakeBrowser.ts';
import { readSoundsMuted, SOUNDS_MUTED_KEY, writeSoundsMuted } from './soundMute.ts';

describe('the stored mute flag', () => {
  it('is off when nothing is stored, and reads back what was written', () => {
    const store = new MemoryStorage();
    expect(readSoundsMuted(store)).toBe(false);
    writeSoundsMuted(true, store);
    expect(store.getItem(SOUNDS_MUTED_KEY)).toBe('1');
    expect(readSoundsMuted(store)).toBe(true);
    writeSoundsMuted(false, store);
    expect(store.getItem(SOUNDS_MUTED_KEY)).toBeNull();
    expect(readSoundsMuted(store)).toBe(false);
  });

  it('reads anything but "1" as not muted', () => {
    const store = new MemoryStorage();
    for (const value of ['true', '0', '', 'yes']) {
      store.setItem(SOUNDS_MUTED_KEY, value);
      expect(readSoundsMuted(store), value).toBe(false);
    }
  });

  it('is off, and writing is a no-op, where storage is missing or refuses', () => {
    expect(readSoundsMuted(undefined)).toBe(false);
    expect(() => writeSoundsMuted(true, undefined)).not.toThrow();
    const refusing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(readSoundsMuted(refusing)).toBe(false);
    expect(() => writeSoundsMuted(true, refusing)).not.toThrow();
    expect(() => writeSoundsMuted(false, refusing)).not.toThrow();
  });
});

describe('the mute preference', () => {
  /** A fresh copy of the module (its remembered flag starts anew) over a fake browser's localStorage. */
  async function load(stored?: string) {
    const browser = installFakeBrowser();
    if (stored !== undefined) browser.localStorage.setItem(SOUNDS_MUTED_KEY, stored);
    vi.resetModules();
    return { browser, mute: await import('./soundMute.ts') };
  }

  it('starts from the stored flag, so a reload keeps it', async () => {
    expect((await load()).mute.soundsMuted()).toBe(false);
    expect((await load('1')).mute.soundsMuted()).toBe(true);
  });

  it('stores a change and tells the subscribers, until they unsubscribe', async () => {
    const { browser, mute } = await load();
    const listener = vi.fn();
    const stop = mute.subscribeSoundsMuted(listener);
    mute.setSoundsMutedPreference(true);
    expect(mute.soundsMuted()).toBe(true);
    expect(browser.localStorage.getItem(SOUNDS_MUTED_KEY)).toBe('1');
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
    mute.setSoundsMutedPreference(false);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(browser.localStorage.getItem(SOUNDS_MUTED_KEY)).toBeNull();
  });

  it("follows another tab's change (the storage event)", async () => {
    const { browser, mute } = await load();
    const listener = vi.fn();
    const stop = mute.subscribeSoundsMuted(listener);
    expect(mute.soundsMuted()).toBe(false);
    browser.localStorage.setItem(SOUNDS_MUTED_KEY, '1');
    browser.window.dispatchEvent(Object.assign(new Event('storage'), { key: SOUNDS_MUTED_KEY }));
    expect(listener).toHaveBeenCalledTimes(1);
    expect(mute.soundsMuted()).toBe(true);
    // Another key's change is not this flag's.
    browser.window.dispatchEvent(Object.assign(new Event('storage'), { key: 'other' }));
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
  });
});
