/**
 * A player's look (docs/product/player.md#cosmetics): the avatar in its frame with its animation, and the
 * name in its colour, drawn from the equipped cosmetics' data. The profile, the shell and the leaderboards
 * share them.
 */
export { PlayerAvatar, type PlayerAvatarProps } from './PlayerAvatar.tsx';
export { PlayerName, type PlayerNameProps } from './PlayerName.tsx';
export {
  ANIMATION_KINDS,
  avatarUrl,
  frameColors,
  lookOf,
  parseAnimation,
  parseColor,
  parseFrame,
  type AnimationKind,
  type Look,
  type LookAnimation,
  type LookFrame,
  type LookInput,
} from './lookData.ts';
