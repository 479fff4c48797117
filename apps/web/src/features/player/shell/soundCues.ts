/**
 * When the player's sounds play (docs/product/player.md, spec §1 "Audio"): "adding XP plays a fill sound;
 * while xp_progress >= required, level rises and a level-up sound plays"; a claim that pays coins plays the
 * reward; a new reward to claim, the reward event; more tickets, the upgrade token. This part loads with
 * every page and stays small: the synthesiser (./sounds.ts) loads with the first sound asked for.
 */

export type SoundName = 'upgradeToken' | 'levelUp' | 'xpFill' | 'reward' | 'rewardEvent';

/** The order sounds play in when several are asked for together. */
const ORDER: readonly SoundName[] = ['xpFill', 'levelUp', 'reward', 'rewardEvent', 'upgradeToken'];

/**
 * What to play of the sounds asked for within a moment: each once, in order (XP fills, then the level
 * rises); the reward-event sparkle is left out when a level-up already says it.
 */
export function mergeSounds(asked: Iterable<SoundName>): SoundName[] {
  const set = new Set(asked);
  if (set.has('levelUp')) set.delete('rewardEvent');
  return ORDER.filter((name) => set.has(name));
}

/** What the player's progress looked like at one fetch. */
export interface ProgressSnapshot {
  level: number;
  xp_total: number;
}

/**
 * The sounds between two fetches of the player: XP added plays the fill; a level gained plays the
 * level-up after it. Nothing for the first fetch (nothing happened: it loaded).
 */
export function soundsBetween(before: ProgressSnapshot | undefined, after: ProgressSnapshot): SoundName[] {
  if (!before) return [];
  const sounds: SoundName[] = [];
  if (after.xp_total > before.xp_total) sounds.push('xpFill');
  if (after.level > before.level) sounds.push('levelUp');
  return sounds;
}

/** The sparkle when the bell's count of rewards to claim grew between two fetches (not on the first). */
export function rewardSoundsBetween(before: number | undefined, after: number): SoundName[] {
  return before !== undefined && after > before ? ['rewardEvent'] : [];
}

/**
 * The upgrade-token chime when the ticket balance rose between two reads of the user (the daily quest's
 * payout, a purchase, a referral gift, a refund); nothing when it fell (a generation paid), stayed, or first
 * loaded.
 */
export function ticketSoundsBetween(before: number | undefined, after: number): SoundName[] {
  return before !== undefined && after > before ? ['upgradeToken'] : [];
}

let gestureSeen = false;

/** Notes the page's first gesture, for browsers that cannot say (navigator.userActivation). */
export function watchUserGesture(): () => void {
  const seen = () => {
    gestureSeen = true;
    stop();
  };
  const events = ['pointerdown', 'keydown'] as const;
  const stop = () => events.forEach((event) => window.removeEventListener(event, seen, true));
  events.forEach((event) => window.addEventListener(event, seen, true));
  return stop;
}

/** Whether the user has pressed or typed anything on the page yet (audio may start only after). */
export function userHasInteracted(): boolean {
  if (gestureSeen) return true;
  const activation = (navigator as Navigator & { userActivation?: { hasBeenActive: boolean } })
    .userActivation;
  return activation?.hasBeenActive === true;
}

let pending = new Set<SoundName>();
let timer: ReturnType<typeof setTimeout> | undefined;

/**
 * Asks for sounds; what is asked within 400 ms plays together (mergeSounds): the player and the bell
 * refresh side by side and each may ask for its own. Nothing loads until a sound may play.
 */
export function requestSound(...names: SoundName[]): void {
  if (names.length === 0) return;
  for (const name of names) pending.add(name);
  timer ??= setTimeout(() => {
    const asked = mergeSounds(pending);
    pending = new Set();
    timer = undefined;
    if (!userHasInteracted()) return;
    void import('./sounds.ts').then(({ playSounds }) => playSounds(asked)).catch(() => undefined);
  }, 400);
}
