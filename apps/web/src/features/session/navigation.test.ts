import { describe, expect, it } from 'vitest';
import { profilePath } from '../../app/shell/navItems.tsx';
import { installFakeBrowser } from '../../testing/fakeBrowser.ts';
import { reloadTo } from './navigation.ts';

describe('navigation helpers', () => {
  it('reloadTo loads the whole app at the path (a full navigation, not a router push)', () => {
    const browser = installFakeBrowser();
    reloadTo('/explore?sort=new');
    expect(browser.assign).toHaveBeenCalledWith('/explore?sort=new');
  });

  it('profilePath is /profile/{username}-{id}, with the username encoded', () => {
    expect(profilePath({ username: 'keeper_1', id: 42 })).toBe('/profile/keeper_1-42');
    expect(profilePath({ username: 'a b', id: 7 })).toBe('/profile/a%20b-7');
  });
});
