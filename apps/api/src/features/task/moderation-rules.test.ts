import { describe, expect, it } from 'vitest';
import { cachedModerationRules, MODERATION_RULES_TTL_MS } from './moderation-rules.ts';

const rule = (word: string) => ({ id: 1, words: [word], suggestions: [], type: 0, applies_to: 'all' });

describe('cachedModerationRules', () => {
  it('reads the table once a TTL, and again at once after invalidate', async () => {
    let time = 0;
    let rows = [rule('teapot')];
    let loads = 0;
    const rules = cachedModerationRules(
      () => {
        loads += 1;
        return Promise.resolve(rows);
      },
      () => new Date(time),
    );
    expect((await rules())[0]?.words).toEqual(['teapot']);
    rows = [rule('kettle')];
    time += MODERATION_RULES_TTL_MS - 1;
    expect((await rules())[0]?.words).toEqual(['teapot']);
    rules.invalidate();
    expect((await rules())[0]?.words).toEqual(['kettle']);
    expect(loads).toBe(2);
  });

  it('does not keep rules a load read before a change that came while it ran', async () => {
    let release: (rows: unknown[]) => void = () => undefined;
    let calls = 0;
    const rules = cachedModerationRules(
      () => {
        calls += 1;
        return calls === 1
          ? new Promise<unknown[]>((resolve) => (release = resolve))
          : Promise.resolve([rule('kettle')]);
      },
      () => new Date(0),
    );
    const stale = rules();
    rules.invalidate();
    release([rule('teapot')]);
    expect((await stale)[0]?.words).toEqual(['teapot']);
    expect((await rules())[0]?.words).toEqual(['kettle']);
  });
});
