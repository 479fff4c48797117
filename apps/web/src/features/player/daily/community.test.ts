import { DAILY_QUEST } from '@mirage/domain';
import { describe, expect, it } from 'vitest';
import { installFakeBrowser } from '../../../testing/fakeBrowser.ts';
import { choosePlace, COMMUNITY_COOKIE, communityPlace, configuredPlaces, placeHref } from './community.ts';

const BOTH = {
  chat: 'https://chat.example.org/',
  forum: 'https://forum.example.org/',
  microblog: 'https://micro.example.org/',
  video: null,
};
const NONE = { chat: null, forum: null, microblog: null, video: null };

describe('choosePlace', () => {
  it('keeps the place a cookie holds while it is configured', () => {
    expect(choosePlace('forum', 0.1, ['chat', 'forum'])).toEqual({ place: 'forum', fresh: false });
    expect(choosePlace('chat', 0.9, ['chat', 'forum'])).toEqual({ place: 'chat', fresh: false });
  });

  it('draws among the configured places when the cookie holds none of them', () => {
    expect(choosePlace(undefined, 0.1, ['chat', 'forum'])).toEqual({ place: 'chat', fresh: true });
    expect(choosePlace(undefined, 0.7, ['chat', 'forum'])).toEqual({ place: 'forum', fresh: true });
    expect(choosePlace('toString', 0.7, ['chat', 'forum'])).toEqual({ place: 'forum', fresh: true });
    expect(choosePlace('chat', 0.1, ['forum'])).toEqual({ place: 'forum', fresh: true });
    expect(choosePlace(undefined, 0.9999999, ['chat', 'forum'])).toEqual({ place: 'forum', fresh: true });
  });

  it('sends to the gallery, without keeping it, when no place is configured', () => {
    expect(choosePlace('chat', 0.5, [])).toEqual({ place: 'gallery', fresh: false });
  });

  it('takes the chat and the forum only, not the other social links', () => {
    expect(configuredPlaces(BOTH)).toEqual(['chat', 'forum']);
    expect(configuredPlaces({ ...NONE, microblog: 'https://micro.example.org/' })).toEqual([]);
  });

  it('links a place to its address, the gallery to /explore', () => {
    expect(placeHref('forum', BOTH)).toBe('https://forum.example.org/');
    expect(placeHref('gallery', NONE)).toBe('/explore');
  });
});

describe('communityPlace', () => {
  it('draws once, keeps the draw in a cookie for 30 days, then reads it back', () => {
    const browser = installFakeBrowser();
    expect(communityPlace(BOTH, () => 0.9)).toBe('forum');
    expect(browser.jar.writes).toHaveLength(1);
    expect(browser.jar.writes[0]).toContain(`${COMMUNITY_COOKIE}=forum`);
    expect(browser.jar.writes[0]).toContain(`Max-Age=${DAILY_QUEST.cookieDays * 24 * 60 * 60}`);
    expect(communityPlace(BOTH, () => 0.1)).toBe('forum');
    expect(browser.jar.writes).toHaveLength(1);
  });

  it('draws again when the cookie holds something else', () => {
    const browser = installFakeBrowser({ cookies: { [COMMUNITY_COOKIE]: 'elsewhere' } });
    expect(communityPlace(BOTH, () => 0.2)).toBe('chat');
    expect(browser.jar.has(COMMUNITY_COOKIE)).toBe(true);
  });

  it('writes no cookie for the gallery', () => {
    const browser = installFakeBrowser();
    expect(communityPlace(NONE, () => 0.2)).toBe('gallery');
    expect(browser.jar.writes).toHaveLength(0);
  });
});
