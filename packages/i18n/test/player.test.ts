/**
 * The player namespace names everything the domain's player rules list: every achievement (title and
 * description, with {{count}} where its threshold is worth saying), tier, reward, reward type, bell
 * notification type and leaderboard. A new achievement or reward in packages/domain fails here until it
 * has its texts (the other languages then follow through keys.test.ts).
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  ACHIEVEMENT_TIERS,
  ACHIEVEMENTS,
  BELL_NOTIFICATION_TYPES,
  LEADERBOARDS,
  REWARD_TYPES,
  REWARDS,
} from '@mirage/domain';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../src/index.ts';

const LOCALES_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'locales');

interface PlayerTexts {
  achievements: Record<string, { title: string; description: string }>;
  tiers: Record<string, string>;
  rewards: Record<string, { name: string }>;
  rewardTypes: Record<string, string>;
  notifications: Record<string, string>;
  leaderboard: { boards: Record<string, string>; metrics: Record<string, string> };
}

function read(lang: string): PlayerTexts {
  return JSON.parse(readFileSync(join(LOCALES_DIR, lang, 'player.json'), 'utf8')) as PlayerTexts;
}

const en = read('en');
const sorted = (values: Iterable<string>) => [...values].sort();

describe('player namespace (English, the reference)', () => {
  it('has a title and a description for exactly the domain achievements', () => {
    expect(sorted(Object.keys(en.achievements))).toEqual(sorted(ACHIEVEMENTS.map((a) => a.key)));
  });

  it('says the threshold with {{count}} in every description but those of a first time', () => {
    for (const achievement of ACHIEVEMENTS) {
      const { description } = en.achievements[achievement.key]!;
      const firstTime = achievement.threshold === 1;
      expect({ key: achievement.key, count: /\{\{count\b/.test(description) }).toEqual({
        key: achievement.key,
        count: !firstTime,
      });
    }
  });

  it('names every tier, reward, reward type, bell notification type and board', () => {
    expect(sorted(Object.keys(en.tiers))).toEqual(sorted(ACHIEVEMENT_TIERS));
    expect(sorted(Object.keys(en.rewards))).toEqual(sorted(REWARDS.map((r) => r.key)));
    expect(sorted(Object.keys(en.rewardTypes))).toEqual(sorted(REWARD_TYPES));
    expect(BELL_NOTIFICATION_TYPES.filter((type) => !en.notifications[type])).toEqual([]);
    expect(sorted(Object.keys(en.leaderboard.boards))).toEqual(sorted(LEADERBOARDS));
    expect(sorted(Object.keys(en.leaderboard.metrics))).toEqual(sorted(LEADERBOARDS));
  });
});

describe.each(LANGUAGES.map((lang) => [lang]))('player namespace, %s', (lang) => {
  const texts = read(lang);

  it('gives each achievement a title of its own (a title is worn, so two alike would be ambiguous)', () => {
    const titles = Object.values(texts.achievements).map((a) => a.title);
    expect(titles.filter((title, index) => titles.indexOf(title) !== index)).toEqual([]);
  });

  it('gives each reward of a type a name of its own', () => {
    for (const type of REWARD_TYPES) {
      const names = REWARDS.filter((r) => r.type === type).map((r) => texts.rewards[r.key]?.name);
      expect(new Set(names).size).toBe(names.length);
    }
  });
});
