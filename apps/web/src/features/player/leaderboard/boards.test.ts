import { describe, expect, it } from 'vitest';
import { boardOf, listedRows } from './boards.ts';

describe('leaderboard address', () => {
  it.each([
    ['', 'level'],
    ['?board=generation', 'generation'],
    ['?board=daily', 'daily'],
    ['?board=wealth', 'level'],
    ['?board=', 'level'],
  ])('%s opens the %s board', (search, board) => {
    expect(boardOf(new URLSearchParams(search))).toBe(board);
  });
});

describe('listed rows', () => {
  it('leaves the podium out of the list', () => {
    const rows = [1, 2, 3, 4, 5].map((rank) => ({ rank }));
    expect(listedRows(rows, 3).map((row) => row.rank)).toEqual([4, 5]);
  });
});
