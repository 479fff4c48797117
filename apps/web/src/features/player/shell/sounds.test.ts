import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeBrowser } from '../../../testing/fakeBrowser.ts';
import {
  mergeSounds,
  rewardSoundsBetween,
  soundsBetween,
  ticketSoundsBetween,
  type SoundName,
} from './soundCues.ts';
import { audioPreference, mayPlay, soundLength, SOUNDS } from './sounds.ts';

const player = (level: number, xp_total: number) => ({ level, xp_total });

describe('which sound plays between two fetches of the player', () => {
  it('plays nothing on the first fetch, nor when nothing moved', () => {
    expect(soundsBetween(undefined, player(3, 500))).toEqual([]);
    expect(soundsBetween(player(3, 500), player(3, 500))).toEqual([]);
  });

  it('plays the fill when XP was added', () => {
    expect(soundsBetween(player(1, 10), player(1, 20))).toEqual(['xpFill']);
  });

  it('plays the fill, then the level-up, when the XP raised the level', () => {
    expect(soundsBetween(player(1, 120), player(2, 130))).toEqual(['xpFill', 'levelUp']);
    // Several levels at once still play one level-up.
    expect(soundsBetween(player(1, 0), player(4, 900))).toEqual(['xpFill', 'levelUp']);
  });

  it('plays the sparkle when the count of rewards to claim grew, not when it fell or first loaded', () => {
    expect(rewardSoundsBetween(undefined, 2)).toEqual([]);
    expect(rewardSoundsBetween(0, 1)).toEqual(['rewardEvent']);
    expect(rewardSoundsBetween(2, 1)).toEqual([]);
  });

  it('plays the upgrade token when the ticket balance rose, not when it fell, stayed or first loaded', () => {
    expect(ticketSoundsBetween(undefined, 30)).toEqual([]);
    expect(ticketSoundsBetween(30, 80)).toEqual(['upgradeToken']);
    expect(ticketSoundsBetween(0, 1)).toEqual(['upgradeToken']);
    expect(ticketSoundsBetween(30, 28)).toEqual([]);
    expect(ticketSoundsBetween(30, 30)).toEqual([]);
  });

  it('merges what is asked together: each once, in order, no sparkle over a level-up', () => {
    expect(mergeSounds(['levelUp', 'rewardEvent', 'xpFill', 'xpFill'])).toEqual(['xpFill', 'levelUp']);
    expect(mergeSounds(['rewardEvent', 'reward'])).toEqual(['reward', 'rewardEvent']);
    expect(mergeSounds([])).toEqual([]);
    // The daily quest pays XP and tickets at once: the fill, then the chime.
    expect(mergeSounds(['upgradeToken', 'xpFill'])).toEqual(['xpFill', 'upgradeToken']);
  });
});

describe('the five sounds', () => {
  it('are each a few notes, shorter than a second', () => {
    const names = Object.keys(SOUNDS) as SoundName[];
    expect(names.sort()).toEqual(['levelUp', 'reward', 'rewardEvent', 'upgradeToken', 'xpFill']);
    for (const name of names) {
      expect(SOUNDS[name].notes.length, name).toBeGreaterThanOrEqual(2);
      expect(soundLength(name), name).toBeLessThan(1);
      expect(soundLength(name), name).toBeGreaterThan(0.1);
    }
  });
});

describe('the audio preference', () => {
  it('is on at 0.025 without a cookie, and reads "on:<volume>" and "off:<volume>"', () => {
    expect(audioPreference(undefined)).toEqual({ enabled: true, volume: 0.025 });
    expect(audioPreference('off:0.1')).toEqual({ enabled: false, volume: 0.1 });
    expect(audioPreference('on:0.5')).toEqual({ enabled: true, volume: 0.5 });
    expect(audioPreference('on:loud')).toEqual({ enabled: true, volume: 0.025 });
  });

  it('lets a sound play only when on, audible, not muted, and after a gesture', () => {
    const on = { enabled: true, volume: 0.025 };
    expect(mayPlay(on, { muted: false, gestured: true })).toBe(true);
    expect(mayPlay(on, { muted: true, gestured: true })).toBe(false);
    expect(mayPlay(on, { muted: false, gestured: false })).toBe(false);
    expect(mayPlay({ enabled: false, volume: 0.025 }, { muted: false, gestured: true })).toBe(false);
    expect(mayPlay({ enabled: true, volume: 0 }, { muted: false, gestured: true })).toBe(false);
  });
});

/** A Web Audio stand-in that records the gains and the oscillators it is asked for. */
function fakeAudio() {
  const gains: { value: number }[] = [];
  const oscillators: { type: string; frequency: number; start: number }[] = [];
  class FakeAudioContext {
    currentTime = 0;
    state = 'running';
    destination = {};
    createGain() {
      const gain = {
        value: 1,
        setValueAtTime: vi.fn(),
        linearRampToValueAtTime: vi.fn(),
        exponentialRampToValueAtTime: vi.fn(),
      };
      gains.push(gain);
      return { gain, connect: vi.fn() };
    }
    createOscillator() {
      const oscillator = { type: 'sine', frequency: { value: 0 }, start: 0 };
      return {
        set type(type: string) {
          oscillator.type = type;
        },
        frequency: oscillator.frequency,
        connect: vi.fn(),
        start: (at: number) => {
          oscillators.push({ type: oscillator.type, frequency: oscillator.frequency.value, start: at });
        },
        stop: vi.fn(),
      };
    }
    resume = () => Promise.resolve();
  }
  return { FakeAudioContext, gains, oscillators };
}

describe('playing', () => {
  let audio: ReturnType<typeof fakeAudio>;

  /** Fresh copies of the modules (their mute flag, gesture and audio context start anew). */
  async function load(options: { cookie?: string; activated?: boolean } = {}) {
    const browser = installFakeBrowser(options.cookie ? { cookies: { audio: options.cookie } } : {});
    audio = fakeAudio();
    Object.assign(browser.window, { AudioContext: audio.FakeAudioContext });
    vi.stubGlobal('navigator', { userActivation: { hasBeenActive: options.activated ?? true } });
    vi.resetModules();
    return { browser, sounds: await import('./sounds.ts'), cues: await import('./soundCues.ts') };
  }

  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('synthesises the notes at the cookie volume (0.025 by default)', async () => {
    const { sounds } = await load();
    sounds.playSounds(['levelUp']);
    expect(audio.oscillators.map((o) => o.frequency)).toEqual(SOUNDS.levelUp.notes.map((n) => n.frequency));
    // The first gain is the sound's master: the volume; each note has its own envelope.
    expect(audio.gains[0]!.value).toBe(0.025);
    expect(audio.gains).toHaveLength(1 + SOUNDS.levelUp.notes.length);
  });

  it('plays one sound after the other', async () => {
    const { sounds } = await load({ cookie: 'on%3A0.2' });
    sounds.playSounds(['xpFill', 'levelUp']);
    expect(audio.gains[0]!.value).toBe(0.2);
    const levelUpStart = audio.oscillators[SOUNDS.xpFill.notes.length]!.start;
    expect(levelUpStart).toBeGreaterThan(0.2);
  });

  it('stays silent when the cookie says off, when muted, or before any gesture', async () => {
    let { sounds } = await load({ cookie: 'off%3A0.025' });
    sounds.playSounds(['reward']);
    expect(audio.oscillators).toEqual([]);

    ({ sounds } = await load());
    sounds.setSoundsMuted(true);
    sounds.playSounds(['reward']);
    expect(audio.oscillators).toEqual([]);

    ({ sounds } = await load({ activated: false }));
    sounds.playSounds(['reward']);
    expect(audio.oscillators).toEqual([]);
  });

  it('stays silent while the mute flag is stored, from the moment it loads, and follows the toggle', async () => {
    const browser = installFakeBrowser();
    browser.localStorage.setItem('mirage:sounds-muted', '1');
    audio = fakeAudio();
    Object.assign(browser.window, { AudioContext: audio.FakeAudioContext });
    vi.stubGlobal('navigator', { userActivation: { hasBeenActive: true } });
    vi.resetModules();
    const sounds = await import('./sounds.ts');
    const mute = await import('./soundMute.ts');
    sounds.playSounds(['reward']);
    expect(audio.oscillators).toEqual([]);

    mute.setSoundsMutedPreference(false);
    sounds.playSounds(['reward']);
    expect(audio.oscillators.length).toBe(SOUNDS.reward.notes.length);
    expect(browser.localStorage.getItem('mirage:sounds-muted')).toBeNull();

    mute.setSoundsMutedPreference(true);
    sounds.playSounds(['reward']);
    expect(audio.oscillators.length).toBe(SOUNDS.reward.notes.length);
  });

  it('notes a gesture itself where the browser cannot say', async () => {
    const { browser, sounds, cues } = await load({ activated: false });
    vi.stubGlobal('navigator', {});
    const stop = cues.watchUserGesture();
    sounds.playSounds(['reward']);
    expect(audio.oscillators).toEqual([]);
    browser.window.dispatchEvent(new Event('pointerdown'));
    sounds.playSounds(['reward']);
    expect(audio.oscillators.length).toBe(SOUNDS.reward.notes.length);
    stop();
  });

  it('plays what is asked within 400 ms together, loading the synthesiser then', async () => {
    const { cues } = await load();
    cues.requestSound('levelUp');
    cues.requestSound('rewardEvent', 'xpFill');
    expect(audio.oscillators).toEqual([]);
    await vi.advanceTimersByTimeAsync(400);
    await vi.dynamicImportSettled();
    const expected = [...SOUNDS.xpFill.notes, ...SOUNDS.levelUp.notes].map((n) => n.frequency);
    expect(audio.oscillators.map((o) => o.frequency)).toEqual(expected);
  });
});
