import { describe, expect, it } from 'vitest';
import {
  ACHIEVEMENTS,
  applyProgress,
  DEFAULT_PLAYER_PROGRESS,
  levelUpRewardTokens,
  requiredXp,
  XP_CAPS,
  xpFor,
  type PlayerProgress,
  type ProgressChange,
} from '../../src/index.ts';

const fresh: PlayerProgress = DEFAULT_PLAYER_PROGRESS;
const apply = (change: ProgressChange, options: { player?: PlayerProgress; earnedToday?: number } = {}) =>
  applyProgress({
    player: options.player ?? fresh,
    change,
    earnedToday: options.earnedToday ?? 0,
    unlocked: new Set(),
  });

describe('applyProgress', () => {
  it.each([
    ['an image', { counters: { image_generated: 1 }, xp: { source: 'generation' } }, xpFor('generation')],
    ['an upscale', { counters: { upscales: 1 }, xp: { source: 'upscale' } }, xpFor('upscale')],
    [
      'a favourite',
      { counters: { total_fav: 1 }, xp: { source: 'favorite_received' } },
      xpFor('favorite_received'),
    ],
    [
      'a report',
      { counters: { approved_reports: 1 }, xp: { source: 'report_approved' } },
      xpFor('report_approved'),
    ],
  ] as const)('pays the XP of %s and raises its counter', (_, change, xp) => {
    const outcome = apply(change);
    expect(outcome.xpGained).toBe(xp);
    expect(outcome.player.xpTotal).toBe(xp);
    const [counter] = Object.keys(change.counters);
    expect(outcome.player.counters[counter as keyof PlayerProgress['counters']]).toBe(1);
  });

  it.each([
    [0, xpFor('generation')],
    [XP_CAPS.generation - 4, 4],
    [XP_CAPS.generation, 0],
    [XP_CAPS.generation + 50, 0],
  ])('caps generation XP with %i already earned today: %i', (earnedToday, expected) => {
    const outcome = apply(
      { counters: { image_generated: 1 }, xp: { source: 'generation' } },
      { earnedToday },
    );
    expect(outcome.xpGained).toBe(expected);
    expect(outcome.cappedXp).toEqual(expected > 0 ? { group: 'generation', xp: expected } : null);
    // The image still counts when its XP does not.
    expect(outcome.player.counters.image_generated).toBe(1);
  });

  it('raises the level, carries the rest over and notifies it with its coins', () => {
    const player = { ...fresh, xpProgress: requiredXp(1) - 1 };
    const outcome = applyProgress({
      player,
      change: { xp: { source: 'report_approved' } },
      earnedToday: 0,
      unlocked: new Set(),
    });
    expect(outcome.levelsReached).toEqual([2]);
    // What is left over carries into the next level.
    expect(outcome.player).toMatchObject({ level: 2, xpProgress: xpFor('report_approved') - 1 });
    const levelUps = outcome.notifications.filter((n) => n.type === 'level_up');
    expect(levelUps).toEqual([
      {
        type: 'level_up',
        dedupeKey: 'level_up:2',
        data: { level: 2 },
        xpGain: null,
        rewardTokens: levelUpRewardTokens(2),
      },
    ]);
  });

  it('counts a streak day once, and reports a broken streak', () => {
    const first = apply({ streakDay: '2026-05-01' });
    expect(first.player).toMatchObject({ dailyStreak: 1, dailyStreakBest: 1, lastStreakDay: '2026-05-01' });
    expect(first.notifications.map((n) => n.type)).toEqual(['daily']);
    const again = apply({ streakDay: '2026-05-01' }, { player: first.player });
    expect(again.xpGained).toBe(0);
    expect(again.notifications).toEqual([]);
    const second = apply({ streakDay: '2026-05-02' }, { player: first.player });
    const broken = apply({ streakDay: '2026-05-04' }, { player: second.player });
    expect(broken.player).toMatchObject({ dailyStreak: 1, dailyStreakBest: 2 });
    expect(broken.notifications.map((n) => [n.type, n.data])).toEqual([
      ['daily_loss', { streak: 2 }],
      ['daily', { streak: 1 }],
    ]);
  });

  it('reaches an achievement once: not again when already unlocked', () => {
    const tenth = { ...fresh, counters: { ...fresh.counters, image_generated: 9 } };
    const change: ProgressChange = { counters: { image_generated: 1 }, xp: { source: 'generation' } };
    const outcome = applyProgress({ player: tenth, change, earnedToday: 0, unlocked: new Set() });
    const achievement = ACHIEVEMENTS.find((a) => a.key === 'images_generated_10')!;
    expect(outcome.achievements).toEqual([achievement]);
    expect(outcome.notifications.find((n) => n.type === 'achievement')).toMatchObject({
      dedupeKey: `achievement:${achievement.id}`,
      rewardTokens: achievement.rewardTokens,
    });
    const replay = applyProgress({
      player: tenth,
      change,
      earnedToday: 0,
      unlocked: new Set([achievement.id]),
    });
    expect(replay.achievements).toEqual([]);
  });

  it('never lowers a counter', () => {
    expect(apply({ counters: { scroll: -5 } }).player.counters.scroll).toBe(0);
  });
});
