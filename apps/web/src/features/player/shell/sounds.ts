/**
 * The player's five sounds (docs/product/player.md, spec §1 "Audio"), synthesised with the Web Audio API:
 * no audio file ships. Each is a few notes under a second. They play at the `audio` cookie's volume (on at
 * 0.025 by default), never while the cookie says off or the mute flag is set, and only once the user has
 * interacted with the page (browsers refuse audio before a gesture anyway). It loads with the first sound
 * asked for (./soundCues.ts decides when), not with the page.
 */
import { COOKIE, parseAudioCookie } from '@mirage/domain';
import { getCookie } from '../../cookie/index.ts';
import { userHasInteracted, type SoundName } from './soundCues.ts';
import { soundsMuted, subscribeSoundsMuted } from './soundMute.ts';

export type { SoundName };

interface Note {
  /** Hz. */
  frequency: number;
  /** Seconds from the sound's start. */
  at: number;
  /** Seconds. */
  length: number;
}

const note = (frequency: number, at: number, length: number): Note => ({ frequency, at, length });

/** C5 … C7, equal temperament. */
const C5 = 523.25;
const E5 = 659.25;
const G5 = 783.99;
const A5 = 880;
const B5 = 987.77;
const C6 = 1046.5;
const D6 = 1174.66;
const E6 = 1318.51;
const G6 = 1567.98;

/** The notes of each sound: short, bright, never longer than a second. */
export const SOUNDS: Readonly<Record<SoundName, { wave: OscillatorType; notes: readonly Note[] }>> = {
  // A quick rising run: the bar fills.
  xpFill: { wave: 'sine', notes: [note(C5, 0, 0.09), note(E5, 0.06, 0.09), note(G5, 0.12, 0.16)] },
  // A small fanfare: up the major chord, the top note held.
  levelUp: {
    wave: 'triangle',
    notes: [note(C5, 0, 0.14), note(E5, 0.11, 0.14), note(G5, 0.22, 0.14), note(C6, 0.33, 0.45)],
  },
  // The classic coin: a short note, then a higher ringing one.
  reward: { wave: 'triangle', notes: [note(B5, 0, 0.08), note(E6, 0.08, 0.42)] },
  // A sparkle: something is waiting to be claimed.
  rewardEvent: {
    wave: 'sine',
    notes: [note(G5, 0, 0.1), note(D6, 0.07, 0.1), note(G6, 0.14, 0.3)],
  },
  // Two steps up a fifth apart: more tickets.
  upgradeToken: { wave: 'triangle', notes: [note(A5, 0, 0.1), note(E6, 0.09, 0.3)] },
};

/** How long a sound lasts, in seconds. */
export function soundLength(name: SoundName): number {
  return Math.max(...SOUNDS[name].notes.map((n) => n.at + n.length));
}

/** The `audio` cookie as the settings page writes it (@mirage/domain parseAudioCookie). */
export const audioPreference = parseAudioCookie;

/** Whether a sound may play: audio on with some volume, not muted, and after a user gesture. */
export function mayPlay(
  preference: { enabled: boolean; volume: number },
  state: { muted: boolean; gestured: boolean },
): boolean {
  return preference.enabled && preference.volume > 0 && !state.muted && state.gestured;
}

let muted = false;
let context: AudioContext | null = null;

/** The mute flag: while set, no sound plays whatever the cookie says. */
export function setSoundsMuted(value: boolean): void {
  muted = value;
}

// The flag the bell's toggle keeps in localStorage (./soundMute.ts): applied as the synthesiser loads, and
// again whenever the toggle (or another tab) changes it.
setSoundsMuted(soundsMuted());
subscribeSoundsMuted(() => setSoundsMuted(soundsMuted()));

function audioContext(): AudioContext | null {
  const AudioContextClass = (window as Window & { AudioContext?: typeof AudioContext }).AudioContext;
  if (!AudioContextClass) return null;
  context ??= new AudioContextClass();
  if (context.state === 'suspended') void context.resume().catch(() => undefined);
  return context;
}

/** Schedules one sound `offset` seconds from now at `volume`. */
function schedule(audio: AudioContext, name: SoundName, offset: number, volume: number): void {
  const { wave, notes } = SOUNDS[name];
  const master = audio.createGain();
  master.gain.value = volume;
  master.connect(audio.destination);
  const start = audio.currentTime + offset;
  for (const { frequency, at, length } of notes) {
    const begin = start + at;
    const envelope = audio.createGain();
    envelope.gain.setValueAtTime(0, begin);
    envelope.gain.linearRampToValueAtTime(1, begin + 0.012);
    envelope.gain.exponentialRampToValueAtTime(0.0001, begin + length);
    envelope.connect(master);
    const oscillator = audio.createOscillator();
    oscillator.type = wave;
    oscillator.frequency.value = frequency;
    oscillator.connect(envelope);
    oscillator.start(begin);
    oscillator.stop(begin + length + 0.02);
  }
}

/** Plays sounds one after another (each when the one before ends), if they may play now. */
export function playSounds(names: readonly SoundName[]): void {
  if (names.length === 0 || typeof window === 'undefined') return;
  const preference = audioPreference(getCookie(COOKIE.audio));
  if (!mayPlay(preference, { muted, gestured: userHasInteracted() })) return;
  const audio = audioContext();
  if (!audio) return;
  let offset = 0;
  for (const name of names) {
    schedule(audio, name, offset, preference.volume);
    offset += soundLength(name) * 0.8;
  }
}
