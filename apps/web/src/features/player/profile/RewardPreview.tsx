import type { RewardType } from '@mirage/domain';
import { PlayerAvatar, PlayerName, type LookInput } from '../look/index.ts';
import styles from './Panels.module.css';

const STILL = { data: 'static 0 0 0 0' };

/**
 * A cosmetic as it would look on the player, drawn from the catalogue's data (the API gives `data` only once
 * owned): the avatar wearing it, or for a colour the player's name in it.
 */
export function RewardPreview({
  type,
  data,
  base,
  username,
  size = 64,
  swatchOnly = false,
}: {
  type: RewardType;
  data: string;
  /** What the player wears now, for the parts the reward does not change. */
  base: LookInput | undefined;
  username: string;
  size?: number;
  /** A colour as its swatch only (the choices of the look editor). */
  swatchOnly?: boolean;
}) {
  if (type === 'Color' && swatchOnly) {
    return <span className={styles.swatch} style={{ background: data }} aria-hidden="true" />;
  }
  if (type === 'Color') {
    return (
      <span className={styles.colorPreview} style={{ minHeight: size }}>
        <span className={styles.swatch} style={{ background: data }} aria-hidden="true" />
        <PlayerName equipped={{ color: { data } }} name={username} className={styles.colorName} />
      </span>
    );
  }
  const look: LookInput =
    type === 'Animation'
      ? { ...base, animation: { data } }
      : { ...base, animation: STILL, [type === 'Style' ? 'style' : 'profile_pic']: { data } };
  return <PlayerAvatar equipped={look} size={size} />;
}
