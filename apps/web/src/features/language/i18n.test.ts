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

  it('is ?lang= above all, kept in the language cookie as the visitor’s choice', () => {
    const browser = installFakeBrowser({ cookies: { language: 'ja' }, languages: ['fr-FR'] });
    browser.window.location.search = '?utm_source=x&lang=de';
    expect(initialLanguage()).toBe('de');
    expect(browser.jar.writes.at(-1)).toBe('language=de; Max-Age=31536000; Path=/; SameSite=Lax');
    // An unknown code is no choice: the cookie stays, and decides.
    installFakeBrowser({ cookies: { language: 'ja' } }).window.location.search = '?lang=pt';
    expect(initialLanguage()).toBe('ja');
  });

  it('else English', () => {
    installFakeBrowser({ languages: ['pt-BR', 'nl'] });
    expect(initialLanguage()).toBe('en');
    installFakeBrowser({ languages: [] });
    expect(initialLanguage()).toBe('en');
  });
});
