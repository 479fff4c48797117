import { describe, expect, it } from 'vitest';
import { installFakeBrowser } from '../../testing/fakeBrowser.ts';
import { initialLanguage } from './i18n.ts';

describe('initial language', () => {
  it('is the language cookie when it names one of the 8 languages', () => {
    installFakeBrowser({ cookies: { language: 'ja' }, languages: ['fr-FR'] });
    expect(initialLanguage()).toBe('ja');
  });

  it('else the first supported browser language, by its base tag', () => {
    installFakeBrowser({ cookies: { language: 'xx' }, languages: ['pt-BR', 'de-CH', 'fr'] });
    expect(initialLanguage()).toBe('de');
    installFakeBrowser({ languages: ['zh-Hans-CN'] });
    expect(initialLanguage()).toBe('zh');
  });

  it('else English', () => {
    installFakeBrowser({ languages: ['pt-BR', 'nl'] });
    expect(initialLanguage()).toBe('en');
    installFakeBrowser({ languages: [] });
    expect(initialLanguage()).toBe('en');
  });
});
