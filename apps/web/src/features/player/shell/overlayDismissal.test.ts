import { describe, expect, it } from 'vitest';
import { installFakeBrowser, MemoryStorage } from '../../../testing/fakeBrowser.ts';
import { DISMISSED_KEY, overlayDecision, readDismissed, writeDismissed } from './overlayDismissal.ts';

describe('the reward overlay after "Later"', () => {
  it('shows while rewards wait and nothing was dismissed', () => {
    expect(overlayDecision(1, null)).toEqual({ show: true, dismissed: null });
    expect(overlayDecision(0, null)).toEqual({ show: false, dismissed: null });
  });

  it('stays hidden at the dismissed count, and shows again when the count grows', () => {
    expect(overlayDecision(2, 2)).toEqual({ show: false, dismissed: 2 });
    expect(overlayDecision(3, 2)).toEqual({ show: true, dismissed: 2 });
  });

  it('follows the count down (claimed from the bell), so that the next reward shows it', () => {
    const afterClaim = overlayDecision(1, 3);
    expect(afterClaim).toEqual({ show: false, dismissed: 1 });
    expect(overlayDecision(2, afterClaim.dismissed)).toEqual({ show: true, dismissed: 1 });
  });

  it('forgets the dismissal once nothing is left to claim', () => {
    expect(overlayDecision(0, 4)).toEqual({ show: false, dismissed: null });
    expect(overlayDecision(1, null).show).toBe(true);
  });

  it('keeps the dismissed count in session storage', () => {
    const { sessionStorage } = installFakeBrowser();
    expect(readDismissed()).toBeNull();
    writeDismissed(2);
    expect(sessionStorage.getItem(DISMISSED_KEY)).toBe('2');
    expect(readDismissed()).toBe(2);
    writeDismissed(null);
    expect(sessionStorage.getItem(DISMISSED_KEY)).toBeNull();
  });

  it('reads a damaged value as none', () => {
    const store = new MemoryStorage();
    for (const raw of ['', 'x', '-1', '1.5']) {
      store.setItem(DISMISSED_KEY, raw);
      expect(readDismissed(store), raw).toBeNull();
    }
  });
});
