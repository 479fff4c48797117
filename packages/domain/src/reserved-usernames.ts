/**
 * Usernames nobody may register or take (answered `duplicate_username`, as if taken: the list is no
 * secret, but one code keeps the client simple). They would let a user pose as the site or its staff,
 * or collide with words that code and URLs treat specially.
 */
export const RESERVED_USERNAMES: readonly string[] = [
  // the site and its staff
  'mirage',
  'admin',
  'admins',
  'administrator',
  'sysadmin',
  'superuser',
  'root',
  'sudo',
  'moderator',
  'moderators',
  'mod',
  'mods',
  'staff',
  'team',
  'support',
  'helpdesk',
  'help',
  'official',
  'security',
  'system',
  'operator',
  'owner',
  'service',
  'bot',
  // mail and legal roles
  'abuse',
  'postmaster',
  'webmaster',
  'hostmaster',
  'noreply',
  'info',
  'contact',
  'billing',
  'payment',
  'legal',
  'privacy',
  // words that code, URLs and logs treat specially
  'api',
  'www',
  'null',
  'undefined',
  'nil',
  'none',
  'anonymous',
  'deleted',
  'everyone',
];

/**
 * Letters that pass for others in a username: digits used as letters (0 for o, 1 for i or l, ...),
 * `l` for `I` (identical in many fonts) and `rn` for `m`, `vv` for `w`.
 */
const LOOKALIKES: [RegExp, string][] = [
  [/rn/g, 'm'],
  [/vv/g, 'w'],
  [/0/g, 'o'],
  [/[1l]/g, 'i'],
  [/3/g, 'e'],
  [/4/g, 'a'],
  [/5/g, 's'],
  [/[69]/g, 'g'],
  [/7/g, 't'],
  [/8/g, 'b'],
];

/**
 * The shape a reader sees: lower case (usernames are unique without regard to case), without the `_`
 * and `-` separators, without trailing digits (`admin1` and `admin2024` still read as "admin"), and
 * with look-alikes folded (`adm1n`, `r00t`, `ADMlN`). Applied to both sides of every comparison.
 */
export function usernameSkeleton(username: string): string {
  let skeleton = username.trim().toLowerCase().replace(/[_-]/g, '').replace(/\d+$/, '');
  for (const [pattern, letter] of LOOKALIKES) skeleton = skeleton.replace(pattern, letter);
  return skeleton;
}

const RESERVED_SKELETONS = new Set(RESERVED_USERNAMES.map(usernameSkeleton));
const SITE_SKELETON = usernameSkeleton('mirage');

/**
 * Reserved: the name's skeleton is a reserved word, or it starts or ends with the site's name
 * (`mirage_team`, `officialmirage`). Decision: staff words only match whole names, never inside
 * longer ones, or `badminton` and `modern` would be refused; the site's name is the one word that
 * may not begin or end a name, because that is how impersonation accounts are named.
 */
export function isReservedUsername(username: string): boolean {
  const skeleton = usernameSkeleton(username);
  if (RESERVED_SKELETONS.has(skeleton)) return true;
  return skeleton.startsWith(SITE_SKELETON) || skeleton.endsWith(SITE_SKELETON);
}
