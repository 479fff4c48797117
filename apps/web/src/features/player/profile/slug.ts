/**
 * The profile's address (docs/product/routes.md#routes): /profile/{username}-{id}, the id after the last
 * '-' (a username may hold dashes itself), and the tab in the hash (#achievements, #rewards).
 */

export interface ProfileSlug {
  username: string;
  id: number;
}

/** "{username}-{id}" → its parts, or null when it is not of that form (the page then shows /404). */
export function parseProfileSlug(slug: string | undefined): ProfileSlug | null {
  if (!slug) return null;
  const dash = slug.lastIndexOf('-');
  if (dash <= 0) return null;
  const idText = slug.slice(dash + 1);
  if (!/^[1-9]\d{0,14}$/.test(idText)) return null;
  const id = Number(idText);
  if (!Number.isSafeInteger(id)) return null;
  let username = slug.slice(0, dash);
  try {
    username = decodeURIComponent(username);
  } catch {
    // Not percent-encoded text: use it as it is.
  }
  return username.trim() ? { username, id } : null;
}

/** The canonical address of a profile, with its tab. */
export function profileHref(username: string, id: number, tab?: ProfileTab): string {
  return `/profile/${encodeURIComponent(username)}-${id}${tab ? `#${tab}` : ''}`;
}

export const PROFILE_TABS = ['achievements', 'rewards'] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];

/** The tab a hash names ("#rewards"); the first tab for any other hash. */
export function tabFromHash(hash: string): ProfileTab {
  const name = hash.replace(/^#/, '');
  return (PROFILE_TABS as readonly string[]).includes(name) ? (name as ProfileTab) : 'achievements';
}
