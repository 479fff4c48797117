import { describe, expect, it, vi } from 'vitest';

describe('modal store', () => {
  it('holds one open modal at a time and closes it', async () => {
    vi.resetModules();
    const modal = await import('./modal.ts');
    expect(modal.activeModal()).toBeNull();
    modal.openModal('drawer');
    expect(modal.activeModal()).toBe('drawer');
    // Opening another replaces it (the language setter opened from the drawer).
    modal.openModal('language');
    expect(modal.activeModal()).toBe('language');
    modal.closeModal();
    expect(modal.activeModal()).toBeNull();
  });
});
