/** Which app-level modal is open. One at a time; the shell's ModalHost renders it. */
import { useSyncExternalStore } from 'react';

export type ModalName = 'language' | 'forgot-password' | 'drawer';

let active: ModalName | null = null;
const listeners = new Set<() => void>();

function set(next: ModalName | null) {
  active = next;
  for (const listener of listeners) listener();
}

export const openModal = (name: ModalName) => set(name);
export const closeModal = () => set(null);

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The open modal, or null. */
export const activeModal = (): ModalName | null => active;

export function useActiveModal(): ModalName | null {
  return useSyncExternalStore(subscribe, activeModal);
}
