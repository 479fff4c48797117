/**
 * Levels (docs/product/decisions.md#player). A player climbs by XP: each level asks for more than the last,
 * and every level reached pays reward tokens ("coins"), which buy cosmetics only.
 */

/**
 * The highest level. Past it XP is no longer counted, so level and progress stay bounded (and the level
 * board's total XP stays far below a 32-bit integer: about 7 million at level 200).
 */
export const MAX_LEVEL = 200;

export interface LevelState {
  level: number;
  xpProgress: number;
}

export interface LevelOutcome extends LevelState {
  /** Every level entered by this gain, in order (a big gain can cross several). */
  levelsReached: number[];
  /** The reward tokens those levels pay, together. */
  rewardTokens: number;
}

function checkLevel(level: number): void {
  if (!Number.isInteger(level) || level < 1 || level > MAX_LEVEL) {
    throw new RangeError(`level must be an integer in 1..${MAX_LEVEL}, got ${level}`);
  }
}

function checkState(state: LevelState): void {
  checkLevel(state.level);
  if (!Number.isSafeInteger(state.xpProgress) || state.xpProgress < 0) {
    throw new RangeError(`xpProgress must be a non-negative integer, got ${state.xpProgress}`);
  }
}

/**
 * XP needed to go from `level` to the next: floor(100 × level × (1.3 + floor(level / 6) / 10)), the factor
 * 1.3 growing by 0.1 every 6 levels. Computed in tenths, 10 × level × (13 + floor(level / 6)), which is the
 * same value exactly: 1.3 + 0.1 in floating point is 1.4000000000000001, and a floor over such a product
 * could land one XP off.
 */
export function requiredXp(level: number): number {
  checkLevel(level);
  return 10 * level * (13 + Math.floor(level / 6));
}

/** Coins paid for reaching `level`: level × 10. */
export function levelUpRewardTokens(level: number): number {
  checkLevel(level);
  return level * 10;
}

/**
 * Adds XP and rises while the progress covers the current level's requirement, so one large gain can cross
 * several levels (each paid for). At MAX_LEVEL the extra XP is dropped and progress stays below the
 * requirement, so the bar never reads 100 %. A state whose progress already covers its level (a value
 * written before a rule changed) is settled by the same loop, even with 0 XP.
 */
export function addXp(state: LevelState, xp: number): LevelOutcome {
  checkState(state);
  if (!Number.isSafeInteger(xp) || xp < 0)
    throw new RangeError(`xp must be a non-negative integer, got ${xp}`);
  let level = state.level;
  let xpProgress = state.xpProgress + xp;
  const levelsReached: number[] = [];
  let rewardTokens = 0;
  while (level < MAX_LEVEL && xpProgress >= requiredXp(level)) {
    xpProgress -= requiredXp(level);
    level += 1;
    levelsReached.push(level);
    rewardTokens += levelUpRewardTokens(level);
  }
  if (level === MAX_LEVEL) xpProgress = Math.min(xpProgress, requiredXp(MAX_LEVEL) - 1);
  return { level, xpProgress, levelsReached, rewardTokens };
}

/** How far the bar is filled, 0..100, rounded down: a settled state never reads 100 (a full bar levels up). */
export function xpPercent(state: LevelState): number {
  checkState(state);
  const percent = Math.floor((state.xpProgress * 100) / requiredXp(state.level));
  return Math.min(100, Math.max(0, percent));
}

/**
 * All XP ever earned: the requirements of levels 1..level-1 plus the progress. It only grows, so the level
 * board orders by it (two players of the same level are told apart by how far along they are).
 * Takes a state, or a level and a progress.
 */
export function totalXp(state: LevelState): number;
export function totalXp(level: number, xpProgress: number): number;
export function totalXp(stateOrLevel: LevelState | number, xpProgress = 0): number {
  const state = typeof stateOrLevel === 'number' ? { level: stateOrLevel, xpProgress } : stateOrLevel;
  checkState(state);
  let total = state.xpProgress;
  for (let level = 1; level < state.level; level += 1) total += requiredXp(level);
  return total;
}
