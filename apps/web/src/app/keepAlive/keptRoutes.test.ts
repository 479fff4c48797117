import { describe, expect, it } from 'vitest';
import { routes } from '../router.tsx';
import {
  KEEP_ALIVE,
  isKeptAlive,
  keptEntryOf,
  nextKeptEntries,
  requiresLogin,
  type KeptEntry,
} from './keptRoutes.ts';

const create: KeptEntry = { id: 'create', pathname: '/create' };
const explore: KeptEntry = { id: 'explore', pathname: '/explore' };
const collection: KeptEntry = { id: 'collection', pathname: '/collection' };

describe('kept-alive routes', () => {
  it('recognises the route handle that marks a page', () => {
    expect(isKeptAlive(KEEP_ALIVE)).toBe(true);
    expect(isKeptAlive({ keepAlive: 'yes' })).toBe(false);
    expect(isKeptAlive(undefined)).toBe(false);
    expect(isKeptAlive(null)).toBe(false);
  });

  it('marks /create in the router, and no page that is not listed as kept alive', () => {
    const shell = routes[0]?.children?.find((route) => route.children)?.children ?? [];
    const kept = shell.filter((route) => isKeptAlive(route.handle)).map((route) => route.path);
    expect(kept).toContain('create');
    for (const path of kept)
      expect(['create', 'explore', 'collection', 'creations', 'tweak']).toContain(path);
  });

  it('takes the deepest marked match, with its path normalised', () => {
    const matches = [
      { id: 'root', pathname: '/', handle: undefined },
      { id: 'shell', pathname: '/', handle: undefined },
      { id: 'create', pathname: '/create/', handle: KEEP_ALIVE },
    ];
    expect(keptEntryOf(matches)).toEqual({ id: 'create', pathname: '/create' });
    expect(keptEntryOf(matches.slice(0, 2))).toBeNull();
  });

  it('knows which kept pages need an account (the route guard list)', () => {
    expect(requiresLogin('/collection')).toBe(true);
    expect(requiresLogin('/creations/')).toBe(true);
    expect(requiresLogin('/create')).toBe(false);
    expect(requiresLogin('/explore')).toBe(false);
  });
});

describe('the list of kept pages', () => {
  it('adds a page on its first visit, in visit order, and keeps it while another page shows', () => {
    const first = nextKeptEntries([], create, true);
    expect(first).toEqual([create]);
    const second = nextKeptEntries(first, explore, true);
    expect(second).toEqual([create, explore]);
    // A page that is not kept alive (null) leaves the list as it is: the same array.
    expect(nextKeptEntries(second, null, true)).toBe(second);
    // Coming back does not move a page (its React fiber and DOM stay where they are).
    expect(nextKeptEntries(second, { ...create }, true)).toBe(second);
  });

  it('drops the pages that need an account when the user signs out, and keeps the others', () => {
    const kept = [create, collection, explore];
    expect(nextKeptEntries(kept, null, false)).toEqual([create, explore]);
    expect(nextKeptEntries([create, explore], null, false)).toEqual([create, explore]);
  });

  it('does not keep a page that needs an account for a guest', () => {
    expect(nextKeptEntries([], collection, false)).toEqual([]);
    expect(nextKeptEntries([], collection, true)).toEqual([collection]);
  });
});
