import { describe, expect, it } from 'vitest';
import {
  ADULT_AGE_RANGE,
  ADULT_NEGATION_TERMS,
  AMBIGUOUS_MINOR_TERMS,
  CHILD_SAFETY_REASONS,
  MINOR_TERMS,
  NUMBER_WORDS,
  SEXUAL_CONTEXT_TERMS,
  YOUNG_PERSON_PAIRS,
  checkChildSafety,
} from '../../src/index.ts';
import type { ChildSafetyReason } from '../../src/index.ts';
import { NEUTRAL_NEGATIVE_CORPUS } from './corpus/neutral.ts';
import { TRANSFORMS, cjkNumeral, isAlphabeticTerm, plural } from './fixtures.ts';

/** Wraps a fragment in a neutral prompt, as tags. */
const inPrompt = (fragment: string) => `a lighthouse at dusk, ${fragment}, soft light`;
const check = (prompt: string, neg_prompt = '') => checkChildSafety({ prompt, neg_prompt });
const expectBlocked = (prompt: string, reason: ChildSafetyReason, neg_prompt = '') => {
  const result = check(prompt, neg_prompt);
  expect(result.blocked).toBe(true);
  expect(result.reasons).toContain(reason);
};

describe('child safety: neutral prompts', () => {
  // The neutral corpus and its refusal rate: corpus.test.ts.
  it.each(NEUTRAL_NEGATIVE_CORPUS)('allows the negative prompt %j', (negative) => {
    expect(check('a lighthouse at dusk', negative).blocked).toBe(false);
  });
  it('allows empty and missing prompts', () => {
    expect(check('').blocked).toBe(false);
    expect(checkChildSafety({}).blocked).toBe(false);
    expect(checkChildSafety({ prompt: null, neg_prompt: null }).blocked).toBe(false);
  });
});

describe('child safety: minor terms in the positive prompt are refused outright', () => {
  it.each(MINOR_TERMS)('refuses %j', (term) => {
    expectBlocked(inPrompt(term.replace(/\*$/, '')), 'minor_term');
  });

  const alphabetic = MINOR_TERMS.filter(isAlphabeticTerm);
  const evasions = alphabetic.flatMap((term) => [
    ...Object.entries(TRANSFORMS).map(([name, transform]) => [name, term, transform(term)] as const),
    ...(plural(term) ? [['plural', term, plural(term) ?? ''] as const] : []),
  ]);
  it.each(evasions)('refuses the %s spelling of %j', (_name, _term, spelled) => {
    expectBlocked(inPrompt(spelled), 'minor_term');
  });

  it('refuses a minor term inside weight syntax and prompt editing', () => {
    expectBlocked(`a lighthouse, (${MINOR_TERMS[0]}:1.3)`, 'minor_term');
    expectBlocked(`a lighthouse, [knight:${MINOR_TERMS[0]}:0.5]`, 'minor_term');
  });

  it('allows minor terms in the NEGATIVE prompt (they steer away from minors)', () => {
    expect(check('a lighthouse at dusk', MINOR_TERMS.join(', ')).blocked).toBe(false);
  });
});

describe('child safety: ages under 18 are refused in every spelling', () => {
  const spellings = (n: number) => [
    `${n} years old`,
    `${n} year old`,
    `${n}-year-old`,
    `${n} yrs old`,
    `${n} years of age`,
    `${n} years`,
    `${n}yo`,
    `${n} yo`,
    `${n} y.o.`,
    `${n} y/o`,
    `age ${n}`,
    `aged ${n}`,
    `age: ${n}`,
    `${n} ans`,
    `${n} Jahre`,
    `${n} Jahre alt`,
    `${n}-jährige`,
    `${n} años`,
    `${n} anni`,
    `${n}enne`,
    `${n} лет`,
    `${n}-летняя`,
    `${n}岁`,
    `${n}歲`,
    `${n}歳`,
    `${n}才`,
    ...(n < 100 ? [`${cjkNumeral(n)}岁`, `${cjkNumeral(n)}歳`] : []),
  ];
  const minorAges = Array.from({ length: 18 }, (_, n) => n).flatMap((n) => spellings(n));
  it.each(minorAges)('refuses %j', (age) => {
    expectBlocked(inPrompt(age), 'minor_age');
  });

  const minorWords = NUMBER_WORDS.filter(([value]) => value < 18).flatMap(([, words]) =>
    words.flatMap((word) => [`${word} years old`, `aged ${word}`]),
  );
  it.each(minorWords)('refuses the number word form %j', (age) => {
    expectBlocked(inPrompt(age), 'minor_age');
  });

  it.each([
    'twelve-year-old',
    'zwölfjährige',
    '１２ years old',
    '12\u200B yo',
    '18 months old',
    '3 weeks old',
  ])('refuses %j', (age) => expectBlocked(inPrompt(age), 'minor_age'));

  const adultAges = [18, 19, 21, 25, 30, 31, 45, 60, 99, 100, 117].flatMap((n) => spellings(n));
  it.each(adultAges)('allows the adult age %j', (age) => {
    expect(check(inPrompt(age)).blocked).toBe(false);
  });
  it.each(['eighteen years old', 'twenty-five years old', '二十八岁', '25歳', '240 months old'])(
    'allows %j',
    (age) => expect(check(inPrompt(age)).blocked).toBe(false),
  );
});

describe('child safety: "young" + a person noun', () => {
  const pairs = YOUNG_PERSON_PAIRS.flatMap((pair) =>
    pair.qualifiers.flatMap((qualifier) =>
      pair.nouns.map((noun) => [qualifier.replace(/\*$/, 'e'), noun] as const),
    ),
  );
  it.each(pairs)('refuses %j + %j', (qualifier, noun) => {
    expectBlocked(inPrompt(`${qualifier} ${noun}`), 'young_person');
  });
  it.each(pairs)('refuses %j + %j with a word between', (qualifier, noun) => {
    expectBlocked(`portrait of a ${qualifier} smiling ${noun} in the rain`, 'young_person');
  });
  it('refuses the qualifier as a tag of its own beside the noun', () => {
    const [en] = YOUNG_PERSON_PAIRS;
    expectBlocked(`1${en?.nouns[0] ?? ''}, ${en?.qualifiers[0] ?? ''}, lighthouse`, 'young_person');
    expectBlocked(`1${en?.nouns[0] ?? ''}, (${en?.qualifiers[0] ?? ''}:1.2), lighthouse`, 'young_person');
  });
  it('refuses tolerant spellings of the pair', () => {
    const [en] = YOUNG_PERSON_PAIRS;
    const qualifier = en?.qualifiers[0] ?? '';
    const noun = en?.nouns[0] ?? '';
    expectBlocked(
      inPrompt(`${TRANSFORMS.leet?.(qualifier) ?? ''}_${TRANSFORMS.dotted?.(noun) ?? ''}`),
      'young_person',
    );
  });
  it.each([
    'young woman',
    'young man',
    'young adult',
    'a girl with a little dog',
    'little lighthouse, 1girl',
  ])('allows %j', (prompt) => expect(check(prompt).blocked).toBe(false));
});

describe('child safety: ambiguous words need a sexual context', () => {
  it.each(AMBIGUOUS_MINOR_TERMS)('allows %j alone', (term) => {
    expect(check(inPrompt(term.replace(/\*$/, ''))).blocked).toBe(false);
  });
  it.each(AMBIGUOUS_MINOR_TERMS)('refuses %j with a sexual-context word', (term) => {
    expectBlocked(`${term.replace(/\*$/, '')} ${SEXUAL_CONTEXT_TERMS[0] ?? ''}`, 'minor_context');
  });
});

describe('child safety: negating adulthood counts as a minor indicator', () => {
  it.each(ADULT_NEGATION_TERMS)('refuses %j in the negative prompt', (term) => {
    expectBlocked('a lighthouse at dusk', 'adult_negated', `blurry, ${term.replace(/\*$/, '')}`);
  });
  const ages = Array.from({ length: ADULT_AGE_RANGE.max - ADULT_AGE_RANGE.min + 1 }, (_, i) => i + 18);
  it.each(ages)('refuses the age %i in the negative prompt', (age) => {
    expectBlocked('a lighthouse at dusk', 'adult_negated', `blurry, ${age} years old`);
    expectBlocked('a lighthouse at dusk', 'adult_negated', `${age}yo`);
  });
  it.each([31, 40, 65])('allows the age %i in the negative prompt', (age) => {
    expect(check('a lighthouse at dusk', `${age} years old`).blocked).toBe(false);
  });
  it('refuses adulthood with a negative weight in the positive prompt', () => {
    expectBlocked(`a lighthouse, (${ADULT_NEGATION_TERMS[0] ?? ''}:-1.5)`, 'adult_negated');
    expectBlocked('a lighthouse, (25 years old:-1)', 'adult_negated');
    expect(check(`a lighthouse, (${ADULT_NEGATION_TERMS[0] ?? ''}:1.2)`).blocked).toBe(false);
  });
  it('refuses tolerant spellings in the negative prompt', () => {
    expectBlocked('a lighthouse', 'adult_negated', 'a.d.u.l.t');
    expectBlocked('a lighthouse', 'adult_negated', 'grown-up');
    expectBlocked('a lighthouse', 'adult_negated', 'M4TURE');
  });
});

describe('child safety: the result and its switch', () => {
  it('answers machine-readable reasons and keeps the words log-side', () => {
    const result = check(inPrompt(MINOR_TERMS[0] ?? ''), 'adult');
    expect(result.blocked).toBe(true);
    expect(result.reasons).toEqual(['minor_term', 'adult_negated']);
    for (const reason of result.reasons) expect(CHILD_SAFETY_REASONS).toContain(reason);
    expect(JSON.stringify(result.reasons)).not.toContain(MINOR_TERMS[0]);
    expect(result.findings).toEqual([
      { reason: 'minor_term', field: 'prompt', match: MINOR_TERMS[0], index: 22, length: 5 },
      { reason: 'adult_negated', field: 'neg_prompt', match: 'adult', index: 0, length: 5 },
    ]);
  });
  it('takes the prompts only: no option can switch it off', () => {
    expect(checkChildSafety.length).toBe(1);
    const switches = { enabled: false, disabled: true, skip: true, bypass: true, childSafety: false };
    const input = { prompt: inPrompt(MINOR_TERMS[0] ?? ''), neg_prompt: '', ...switches };
    expect(checkChildSafety(input).blocked).toBe(true);
  });
  it('checks a non-string prompt as text instead of skipping it', () => {
    const prompt = [MINOR_TERMS[0]] as unknown as string;
    expect(checkChildSafety({ prompt }).blocked).toBe(true);
  });
  it('cannot be loosened by editing the word lists at run time', () => {
    expect(Object.isFrozen(MINOR_TERMS)).toBe(true);
    expect(Object.isFrozen(YOUNG_PERSON_PAIRS[0]?.nouns)).toBe(true);
    expect(() => (MINOR_TERMS as string[]).splice(0)).toThrow(TypeError);
    expect(check(inPrompt(MINOR_TERMS[0] ?? '')).blocked).toBe(true);
  });
});
