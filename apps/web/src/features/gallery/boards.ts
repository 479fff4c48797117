/**
 * The four gallery boards (docs/product/gallery.md#boards) and their order rules
 * (docs/product/gallery.md#in-the-web): shuffle is on by default and remembered per board in local storage
 * (`shuffle-{board}`); optional tags turn it off while they are present; the shuffle seed is a random
 * number in [-1, 1] with a timestamp, one per area (general: explore, collection, user galleries;
 * creations). Pure apart from the small seed store, whose first general seed may come with the page (the
 * server's first screen of a signed-in gallery).
 */
import { randomShuffleSeed, shuffleAfterOptionalTags } from '@mirage/domain';
import { takeFirstScreenShuffleSeed } from '../api/index.ts';

export const BOARDS = ['explore', 'collection', 'creations', 'gallery'] as const;
export type Board = (typeof BOARDS)[number];

export type SeedArea = 'general' | 'creations';

export function seedAreaOf(board: Board): SeedArea {
  return board === 'creations' ? 'creations' : 'general';
}

/** POST /api/gallery/search scope of a board: whose images, and favourites only or not. */
export interface BoardScope {
  board: Board;
  /** 0: everyone's public images; else this user's (the viewer's own include private ones). */
  authorId: number;
  favorite: boolean;
}

export function boardScope(board: Board, ids: { viewerId?: number; authorId?: number } = {}): BoardScope {
  switch (board) {
    case 'collection':
      return { board, authorId: 0, favorite: true };
    case 'creations':
      return { board, authorId: ids.viewerId ?? 0, favorite: false };
    case 'gallery':
      return { board, authorId: ids.authorId ?? 0, favorite: false };
    case 'explore':
      return { board, authorId: 0, favorite: false };
  }
}

// ---- Newest / Shuffle, per board ----

type ReadStorage = Pick<Storage, 'getItem'>;
type WriteStorage = Pick<Storage, 'setItem'>;

export const shuffleKey = (board: Board) => `shuffle-${board}`;

/**
 * The board's saved choice: shuffle unless the user chose newest (docs/product/gallery.md#in-the-web: shuffle
 * defaults on).
 */
export function readShuffle(storage: ReadStorage | null | undefined, board: Board): boolean {
  try {
    return storage?.getItem(shuffleKey(board)) !== 'false';
  } catch {
    return true;
  }
}

export function writeShuffle(storage: WriteStorage | null | undefined, board: Board, shuffle: boolean): void {
  try {
    storage?.setItem(shuffleKey(board), shuffle ? 'true' : 'false');
  } catch {
    // Storage full or blocked: the choice lasts for this page only.
  }
}

/**
 * Whether the board shows a shuffled order now: its saved choice, except that optional tags turn
 * shuffle off while they are present (removing them restores the saved choice).
 */
export function effectiveShuffle(saved: boolean, optionalTagCount: number): boolean {
  return shuffleAfterOptionalTags(optionalTagCount, saved);
}

// ---- Shuffle seeds, per area ----

export interface Seed {
  /** In [-1, 1]. */
  value: number;
  /** When it was drawn (ms since the epoch). */
  at: number;
}

/** A seed older than this is replaced the next time a board starts, so a returning visitor sees new images. */
export const SEED_TTL_MS = 60 * 60_000;

export function drawSeed(now: number, random: () => number = Math.random): Seed {
  return { value: randomShuffleSeed(random), at: now };
}

/** The seed to use: the current one while fresh, else a new one. */
export function freshSeed(current: Seed | undefined, now: number, random?: () => number): Seed {
  return current && now - current.at < SEED_TTL_MS && now >= current.at ? current : drawSeed(now, random);
}

const seeds = new Map<SeedArea, Seed>();

/**
 * The area's seed (drawn on first use, renewed after SEED_TTL_MS). The general area's first seed is the one
 * the server drew for the board page it put in the page, when it did: the board's first search is then
 * answered from the page.
 */
export function areaSeed(area: SeedArea, now = Date.now()): Seed {
  if (area === 'general' && !seeds.has(area)) {
    const served = takeFirstScreenShuffleSeed();
    if (served !== undefined) seeds.set(area, { value: served, at: now });
  }
  const seed = freshSeed(seeds.get(area), now);
  seeds.set(area, seed);
  return seed;
}

/** A new seed for the area: "shuffle again" and Refresh. */
export function reshuffle(area: SeedArea, now = Date.now()): Seed {
  const seed = drawSeed(now);
  seeds.set(area, seed);
  return seed;
}

// ---- The viewer's link ----

/** Parameters the board adds to an image link, so the viewer can page through the same search. */
export const CONTEXT_PARAM = { board: 'from', author: 'author', seed: 'seed' } as const;

/**
 * /image/{uuid} with the board's search (docs/product/image-viewer.md#the-viewer: the viewer keeps the query
 * string), without the panel flag, plus where it came from: `from` (board), `author` (a user gallery's id)
 * and `seed` (the shuffle seed; absent means newest first).
 */
export function imageHref(
  uuid: string,
  query: URLSearchParams,
  context: { scope: BoardScope; seed: number | null },
): string {
  const params = new URLSearchParams(query);
  params.delete('search');
  for (const name of Object.values(CONTEXT_PARAM)) params.delete(name);
  params.set(CONTEXT_PARAM.board, context.scope.board);
  if (context.scope.board === 'gallery' && context.scope.authorId > 0)
    params.set(CONTEXT_PARAM.author, String(context.scope.authorId));
  if (context.seed !== null) params.set(CONTEXT_PARAM.seed, context.seed.toFixed(6));
  return `/image/${encodeURIComponent(uuid)}?${params.toString()}`;
}

/**
 * The board an image link came from (for the viewer's up/down navigation): its scope and seed. The
 * viewer passes its own user id for /creations. Null when the address names no board.
 */
export function boardContextFromQuery(
  query: URLSearchParams,
  viewerId?: number,
): { scope: BoardScope; seed: number | null } | null {
  const board = query.get(CONTEXT_PARAM.board);
  if (!(BOARDS as readonly string[]).includes(board ?? '')) return null;
  const author = Number(query.get(CONTEXT_PARAM.author));
  const seedText = query.get(CONTEXT_PARAM.seed);
  const seed = seedText === null || seedText === '' ? NaN : Number(seedText);
  return {
    scope: boardScope(board as Board, {
      viewerId,
      authorId: Number.isSafeInteger(author) && author > 0 ? author : undefined,
    }),
    seed: Number.isFinite(seed) && seed >= -1 && seed <= 1 ? seed : null,
  };
}

// ---- /gallery/{username}-{id} ----

/**
 * docs/product/gallery.md#boards: /gallery/{username}-{id}. The id is the last '-' segment (usernames may
 * hold '-'). Null when the slug has no positive id or no name.
 */
export function parseGallerySlug(slug: string | undefined): { username: string; id: number } | null {
  if (!slug) return null;
  const dash = slug.lastIndexOf('-');
  if (dash <= 0) return null;
  const idText = slug.slice(dash + 1);
  if (!/^\d{1,15}$/.test(idText)) return null;
  const id = Number(idText);
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  let username = slug.slice(0, dash);
  try {
    username = decodeURIComponent(username);
  } catch {
    // Not percent-encoded text: use it as it is.
  }
  return username ? { username, id } : null;
}

export function galleryPath(username: string, id: number): string {
  return `/gallery/${encodeURIComponent(username)}-${id}`;
}
