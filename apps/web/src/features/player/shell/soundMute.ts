/**
 * The mute flag (spec §1 "Audio": "a mute flag overrides it"): one press in the bell's panel silences the
 * player's sounds whatever the `audio` cookie says, without touching the settings page's on/off and volume.
 * It is kept in this browser's localStorage, so it survives reloads; the synthesiser (./sounds.ts) applies it
 * with setSoundsMuted as it loads and whenever it changes, here or in another tab. Small: it loads with the
 * bell's panel and with the synthesiser, not with the page.
 */
import { browserStorage } from '../../../ui/browserStorage.ts';

export const SOUNDS_MUTED_KEY = 'mirage:sounds-muted';

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The stored flag: muted only when it says "1"; nothing stored, or anything else, is not muted. */
export function readSoundsMuted(store: Store | undefined = browserStorage()): boolean {
  try {
    return store?.getItem(SOUNDS_MUTED_KEY) === '1';
  } catch {
    return false;
  }
}

/** Stores the flag ("1" while muted; nothing otherwise, the default). */
export function writeSoundsMuted(muted: boolean, store: Store | undefined = browserStorage()): void {
  try {
    if (muted) store?.setItem(SOUNDS_MUTED_KEY, '1');
    else store?.removeItem(SOUNDS_MUTED_KEY);
  } catch {
    // Quota or privacy settings: the flag then lasts until the page is left.
  }
}

let current: boolean | undefined;
const listeners = new Set<() => void>();

/** Whether sounds are muted now (read from storage once, then kept in memory). */
export function soundsMuted(): boolean {
  current ??= readSoundsMuted();
  return current;
}

/** Mutes or unmutes the sounds: stores the flag and tells every subscriber (the toggle, the synthesiser). */
export function setSoundsMutedPreference(muted: boolean): void {
  current = muted;
  writeSoundsMuted(muted);
  for (const listener of listeners) listener();
}

/** Calls `listener` when the flag changes, here or in another tab (the `storage` event); returns the unsubscribe. */
export function subscribeSoundsMuted(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key !== SOUNDS_MUTED_KEY && event.key !== null) return;
    current = readSoundsMuted();
    listener();
  };
  const target = typeof window === 'undefined' ? undefined : window;
  target?.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    target?.removeEventListener('storage', onStorage);
  };
}
