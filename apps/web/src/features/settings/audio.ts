/**
 * Audio preference (docs/product/accounts.md#settings-page): on by default at volume 0.025, kept in the
 * `audio` cookie for 1 year as "on:<volume>" or "off:<volume>".
 */
import { COOKIE, COOKIE_DAYS, parseAudioCookie } from '@mirage/domain';
import { getCookie, setCookie } from '../cookie/index.ts';

export interface AudioSettings {
  enabled: boolean;
  volume: number;
}

export function readAudio(): AudioSettings {
  return parseAudioCookie(getCookie(COOKIE.audio));
}

export function writeAudio(settings: AudioSettings): void {
  setCookie(COOKIE.audio, `${settings.enabled ? 'on' : 'off'}:${settings.volume}`, COOKIE_DAYS.version);
}

/** A short two-note chime at the given volume, synthesised (no audio file) to preview the setting. */
export function playTestSound(volume: number): void {
  const AudioContextClass = window.AudioContext as typeof AudioContext | undefined;
  if (!AudioContextClass || volume <= 0) return;
  const context = new AudioContextClass();
  const gain = context.createGain();
  gain.connect(context.destination);
  const start = context.currentTime;
  gain.gain.setValueAtTime(0, start);
  gain.gain.linearRampToValueAtTime(volume, start + 0.02);
  gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.6);
  [660, 990].forEach((frequency, index) => {
    const oscillator = context.createOscillator();
    oscillator.type = 'sine';
    oscillator.frequency.value = frequency;
    oscillator.connect(gain);
    oscillator.start(start + index * 0.12);
    oscillator.stop(start + 0.6);
  });
  window.setTimeout(() => void context.close(), 800);
}
