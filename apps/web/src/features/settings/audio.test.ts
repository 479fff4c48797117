import { DEFAULT_AUDIO } from '@mirage/domain';
import { describe, expect, it } from 'vitest';
import { installFakeBrowser } from '../../testing/fakeBrowser.ts';
import { readAudio, writeAudio } from './audio.ts';

describe('audio settings', () => {
  it('are on at volume 0.025 by default (no cookie)', () => {
    installFakeBrowser();
    expect(DEFAULT_AUDIO).toEqual({ enabled: true, volume: 0.025 });
    expect(readAudio()).toEqual({ enabled: true, volume: 0.025 });
  });

  it('returns a copy of the default, not the shared object', () => {
    installFakeBrowser();
    const settings = readAudio();
    settings.volume = 1;
    expect(readAudio().volume).toBe(0.025);
  });

  it('read "on:<volume>" and "off:<volume>" from the audio cookie', () => {
    installFakeBrowser({ cookies: { audio: 'off%3A0.1' } });
    expect(readAudio()).toEqual({ enabled: false, volume: 0.1 });
    installFakeBrowser({ cookies: { audio: 'on%3A0' } });
    expect(readAudio()).toEqual({ enabled: true, volume: 0 });
  });

  it('fall back to the default volume when the stored one is missing or out of range', () => {
    for (const raw of ['on', 'on%3Aloud', 'on%3A-0.1', 'on%3A1.5', 'off%3A']) {
      installFakeBrowser({ cookies: { audio: raw } });
      expect(readAudio().volume, raw).toBe(0.025);
    }
    installFakeBrowser({ cookies: { audio: 'off%3Aloud' } });
    expect(readAudio().enabled).toBe(false);
  });

  it('round-trip through the cookie, kept for a year', () => {
    const { jar } = installFakeBrowser();
    writeAudio({ enabled: false, volume: 0.05 });
    expect(jar.writes.at(-1)).toMatch(/^audio=off%3A0\.05; Max-Age=31536000; Path=\/; SameSite=Lax$/);
    expect(readAudio()).toEqual({ enabled: false, volume: 0.05 });
    writeAudio({ enabled: true, volume: 0.2 });
    expect(readAudio()).toEqual({ enabled: true, volume: 0.2 });
  });
});
