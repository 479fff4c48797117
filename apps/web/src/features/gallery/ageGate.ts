/**
 * The over-18 confirmation (docs/product/gallery.md#boards): NSFW sample images stay blurred until the
 * visitor confirms being 18 or older; the answer is kept in local storage. "Under 18" only closes the dialog.
 */
import { useSyncExternalStore } from 'react';
import { browserStorage } from '../../ui/browserStorage.ts';

export const AGE_CONFIRMED_KEY = 'age-confirmed';

type ReadStorage = Pick<Storage, 'getItem'>;

export function readAgeConfirmed(storage: ReadStorage | null | undefined): boolean {
  try {
    return storage?.getItem(AGE_CONFIRMED_KEY) === 'true';
  } catch {
    return false;
  }
}

/** Whether an image is shown blurred: NSFW, to a visitor who has not confirmed their age. */
export function isBlurred(image: { nsfw: boolean }, signedIn: boolean, confirmed: boolean): boolean {
  return image.nsfw && !signedIn && !confirmed;
}

const listeners = new Set<() => void>();
/** Confirmed on this page even where storage is blocked. */
let confirmedHere = false;

function snapshot(): boolean {
  return confirmedHere || readAgeConfirmed(browserStorage());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab's answer counts too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === AGE_CONFIRMED_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function confirmAdult(): void {
  confirmedHere = true;
  try {
    browserStorage()?.setItem(AGE_CONFIRMED_KEY, 'true');
  } catch {
    // Blocked storage: the answer lasts for this page.
  }
  for (const listener of listeners) listener();
}

export function useAgeConfirmed(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => false);
}
