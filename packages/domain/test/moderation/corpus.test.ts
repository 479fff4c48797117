/**
 * The child-safety layer against its two corpora (issue 9): every evasion refused, at most 1 % of the
 * neutral corpus refused, one table per evasion class.
 */
import { describe, expect, it } from 'vitest';
import { checkChildSafety } from '../../src/index.ts';
import { CORPUS_YEAR, EVASION_CLASSES } from './corpus/evasion.ts';
import { NEUTRAL_CORPUS } from './corpus/neutral.ts';

describe.each(Object.entries(EVASION_CLASSES))('child safety refuses %s', (_name, cases) => {
  it('has cases', () => expect(cases.length).toBeGreaterThan(2));
  it.each(cases)('$prompt | $neg_prompt', ({ prompt, neg_prompt, reason }) => {
    const result = checkChildSafety({ prompt, neg_prompt: neg_prompt ?? '' }, CORPUS_YEAR);
    expect(result.blocked).toBe(true);
    expect(result.reasons).toContain(reason);
  });
});

describe('the neutral corpus', () => {
  it('has at least 300 prompts', () => {
    expect(NEUTRAL_CORPUS.length).toBeGreaterThanOrEqual(300);
  });

  it('is refused at most 1 % of the time', () => {
    const refused = NEUTRAL_CORPUS.filter((prompt) => checkChildSafety({ prompt }, CORPUS_YEAR).blocked);
    expect(refused.length / NEUTRAL_CORPUS.length, `refused: ${JSON.stringify(refused)}`).toBeLessThanOrEqual(
      0.01,
    );
  });
});
