import { DAILY_QUEST } from '@mirage/domain';
import { describe, expect, it } from 'vitest';
import { installFakeBrowser } from '../../../testing/fakeBrowser.ts';
import { choosePlace, COMMUNITY_COOKIE, COMMUNITY_LINKS, communityPlace } from './community.ts';

describe('choosePlace', () => {
  it('keeps the place a cookie holds', () => {
    expect(choosePlace('forum', 0.1)).toEqual({ place: 'forum', fresh: false });
    expect(choosePlace('chat', 0.9)).toEqual({ place: 'chat', fresh: false });
  });

  it('draws chat or forum at random when the cookie holds nothing it knows', () => {
    expect(choosePlace(undefined, 0.1)).toEqual({ place: 'chat', fresh: true });
    expect(choosePlace(undefined, 0.7)).toEqual({ place: 'forum', fresh: true });
    expect(choosePlace('toString', 0.7)).toEqual({ place: 'forum', fresh: true });
  });

  it('links every place to an https page', () => {
    for (const link of Object.values(COMMUNITY_LINKS)) expect(new URL(link).protocol).toBe('https:');
  });
});

describe('communityPlace', () => {
  it('draws once, keeps the draw in a cookie for 30 days, then reads it back', () => {
    const browser = installFakeBrowser();
    expect(communityPlace(() => 0.9)).toBe('forum');
    expect(browser.jar.writes).toHaveLength(1);
    expect(browser.jar.writes[0]).toContain(`${COMMUNITY_COOKIE}=forum`);
    expect(browser.jar.writes[0]).toContain(`Max-Age=${DAILY_QUEST.cookieDays * 24 * 60 * 60}`);
    expect(communityPlace(() => 0.1)).toBe('forum');
    expect(browser.jar.writes).toHaveLength(1);
  });

  it('draws again when the cookie holds something else', () => {
    const browser = installFakeBrowser({ cookies: { [COMMUNITY_COOKIE]: 'elsewhere' } });
    expect(communityPlace(() => 0.2)).toBe('chat');
    expect(browser.jar.has(COMMUNITY_COOKIE)).toBe(true);
  });
});
