import { describe, expect, it } from 'vitest';
import { fillValues, guideValues } from '../../src/content/guide-values.ts';
import { SEED_MAX } from '../../src/generation/options.ts';

describe('guide values', () => {
  it('writes the product’s numbers the language’s way', () => {
    expect(guideValues('en').seedMax).toBe('4,294,967,295');
    expect(guideValues('en').hiresStandard).toBe('1.625');
    expect(guideValues('fr').hiresStandard).toBe('1,625');
    expect(guideValues('de').seedMax).toBe(new Intl.NumberFormat('de').format(SEED_MAX));
    expect(guideValues('en').fastLaneCost).toBe('4');
    expect(guideValues('en').proEnergy).toBe('1,200');
  });

  it('fills placeholders and leaves unknown ones as written', () => {
    expect(fillValues('costs {{ fastLaneCost }} more, {{nothing}}', guideValues('en'))).toBe(
      'costs 4 more, {{nothing}}',
    );
  });
});
