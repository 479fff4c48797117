/**
 * Cosmetic rewards: bought with reward tokens ("coins"), never with money or tickets, and worn on the
 * profile, one per slot. The catalogue itself is reward-catalogue.ts.
 */
import { REWARD_CATALOGUE } from './reward-catalogue.ts';

export const REWARD_TYPES = ['Animation', 'Style', 'Color', 'ProfilePic'] as const;
export type RewardType = (typeof REWARD_TYPES)[number];
export type EquipSlot = 'animation' | 'style' | 'color' | 'profile_pic';

/** The profile slot a reward of each type is worn in (the `equipped` object's field names). */
export const EQUIP_SLOT: Readonly<Record<RewardType, EquipSlot>> = {
  Animation: 'animation',
  Style: 'style',
  Color: 'color',
  ProfilePic: 'profile_pic',
};

export interface Reward {
  id: number;
  type: RewardType;
  key: string;
  /** In reward tokens; 0 for a default. */
  price: number;
  /** What the web app renders (format per type: reward-catalogue.ts). */
  data: string;
  /** Owned by everyone from the start and not for sale. */
  isDefault: boolean;
}

export const REWARDS: readonly Reward[] = REWARD_CATALOGUE;

const BY_ID = new Map(REWARDS.map((reward) => [reward.id, reward]));

export function rewardById(id: number): Reward | undefined {
  return BY_ID.get(id);
}

export function isRewardType(value: unknown): value is RewardType {
  return typeof value === 'string' && (REWARD_TYPES as readonly string[]).includes(value);
}

/** Whether a reward can be bought at all (defaults are everyone's already). */
export function isPurchasable(reward: Reward): boolean {
  return !reward.isDefault;
}

export type Equipped = Readonly<Record<EquipSlot, { id: number; data: string }>>;

function defaultOf(type: RewardType): { id: number; data: string } {
  const reward = REWARDS.find((candidate) => candidate.type === type && candidate.isDefault);
  if (!reward) throw new Error(`no default reward of type ${type}`);
  return { id: reward.id, data: reward.data };
}

/** What a new player wears: the default of each type. */
export const DEFAULT_EQUIPPED: Equipped = {
  animation: defaultOf('Animation'),
  style: defaultOf('Style'),
  color: defaultOf('Color'),
  profile_pic: defaultOf('ProfilePic'),
};

/**
 * Equips the given reward ids (at most one per slot; later ids replace earlier of the same slot; unknown
 * id or not owned → error). Defaults are always owned. Nothing changes on an error, so a request naming
 * one bad id equips none of the others. The data is copied from the catalogue, never from the caller.
 */
export function equip(
  current: Equipped,
  itemIds: readonly number[],
  owned: ReadonlySet<number>,
): { ok: true; equipped: Equipped } | { ok: false; reason: 'reward_not_found' | 'reward_locked' } {
  const next: Record<EquipSlot, { id: number; data: string }> = { ...current };
  for (const id of itemIds) {
    const reward = rewardById(id);
    if (!reward) return { ok: false, reason: 'reward_not_found' };
    if (!reward.isDefault && !owned.has(id)) return { ok: false, reason: 'reward_locked' };
    next[EQUIP_SLOT[reward.type]] = { id: reward.id, data: reward.data };
  }
  return { ok: true, equipped: next };
}
