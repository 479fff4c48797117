import { describe, expect, it } from 'vitest';
import { assistantBody, hasControlCharacters, lemmaKey, phraseKey, wordsOf } from '../../src/index.ts';

describe('assistant words: the matching key', () => {
  it('brings plurals and their singular together', () => {
    for (const [a, b] of [
      ['roses', 'rose'],
      ['dresses', 'dress'],
      ['berries', 'berry'],
      ['beaches', 'beach'],
      ['boxes', 'box'],
      ['horses', 'horse'],
      ['streets', 'street'],
      ['wolves', 'wolf'],
      ['women', 'woman'],
      ['leaves', 'leaf'],
    ]) {
      expect(lemmaKey(a!), `${a} / ${b}`).toBe(lemmaKey(b!));
    }
  });

  it('brings -ing and -ed forms to the verb', () => {
    expect(lemmaKey('running')).toBe(lemmaKey('run'));
    expect(lemmaKey('sitting')).toBe(lemmaKey('sit'));
    expect(lemmaKey('smiling')).toBe(lemmaKey('smile'));
    expect(lemmaKey('smiled')).toBe(lemmaKey('smile'));
    expect(lemmaKey('braided')).toBe(lemmaKey('braid'));
    expect(lemmaKey('stopped')).toBe(lemmaKey('stop'));
  });

  it('keeps verb endings in the plural-only key that tells tags apart', () => {
    expect(lemmaKey('fishing', 'plural')).toBe('fishing');
    expect(lemmaKey('painted', 'plural')).toBe('painted');
    expect(phraseKey('Wooden Tables', 'plural')).toBe(phraseKey('wooden table', 'plural'));
    expect(phraseKey('bowing', 'plural')).not.toBe(phraseKey('bow', 'plural'));
  });

  it('leaves short words and words that only look inflected alone', () => {
    for (const word of [
      'red',
      'bed',
      'wing',
      'string',
      'spring',
      'speed',
      'glass',
      'iris',
      'cactus',
      'bus',
    ]) {
      expect(lemmaKey(word), word).toBe(lemmaKey(word));
    }
    expect(lemmaKey('red')).toBe('red');
    expect(lemmaKey('string')).toBe('string');
    expect(lemmaKey('speed')).toBe('speed');
    expect(lemmaKey('glass')).toBe('glass');
    expect(lemmaKey('glasses')).not.toBe(lemmaKey('glass'));
    expect(lemmaKey('iris')).toBe('iris');
  });

  it('reads words in any script, with inner hyphens and apostrophes', () => {
    expect(wordsOf("A cat's  SMILE, sci-fi city; 東京")).toEqual([
      'a',
      "cat's",
      'smile',
      'sci-fi',
      'city',
      '東京',
    ]);
    expect(phraseKey('Red Roses')).toBe(phraseKey('red rose'));
  });
});

describe('assistant request', () => {
  it('trims the input and refuses empty, over-long and control-character input', () => {
    expect(assistantBody.parse({ input: '  lighthouse, dusk \n' })).toEqual({ input: 'lighthouse, dusk' });
    expect(assistantBody.safeParse({ input: 'tab\tand\r\nbreaks' }).success).toBe(true);
    for (const input of [
      '',
      '  ',
      'x'.repeat(2001),
      'a\u0000b',
      'a\u0008b',
      'a\u001bb',
      'a\u007fb',
      'a\u0085b',
      42,
    ]) {
      const result = assistantBody.safeParse({ input });
      expect(result.success, JSON.stringify(input)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('validation_error');
    }
    expect(assistantBody.safeParse({ input: ` ${'x'.repeat(2000)} ` }).success).toBe(true);
    expect(hasControlCharacters('plain text\twith tab')).toBe(false);
  });
});
