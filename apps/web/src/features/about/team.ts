/** A card of the about page's team: a role from the content, and the account that fills it, if any. */
export interface TeamCard<M> {
  role: string;
  text: string;
  member: M | null;
}

/**
 * Pairs the content's roles with the configured team (TEAM_USERNAMES, in order): the first account fills the
 * first role. A role nobody fills (no team configured, or an account not found) still shows, without a
 * profile link; an account beyond the roles is not shown (the page presents a team of two).
 */
export function teamCards<M>(
  roles: readonly { role: string; text: string }[],
  team: readonly M[],
): TeamCard<M>[] {
  return roles.map((role, index) => ({ ...role, member: team[index] ?? null }));
}
