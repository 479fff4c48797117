import type { CSSProperties } from 'react';
import { frameColors, lookOf, type LookInput } from './lookData.ts';
import styles from './Look.module.css';

/** Motions drawn by an extra layer over the picture (a light band, a satellite, sparkles). */
const OVERLAID = new Set(['shimmer', 'orbit', 'sparkle']);

export interface PlayerAvatarProps {
  /** The player's equipped cosmetics (`equipped` of the player or a public profile); missing: defaults. */
  equipped: LookInput | null | undefined;
  /** Outer size in CSS pixels, frame included. */
  size?: number;
  /** Text alternative; without one the avatar is decorative (a name is shown beside it). */
  label?: string;
  className?: string;
  testId?: string;
}

/**
 * A player's avatar: the profile picture in its frame (the Style reward: a gradient ring from the data's
 * angle and hue), moving as the Animation reward says (CSS only; still when the visitor prefers reduced
 * motion). Shared by the profile, the shell and the leaderboards.
 */
export function PlayerAvatar({ equipped, size = 96, label, className, testId }: PlayerAvatarProps) {
  const look = lookOf(equipped);
  const [from, to] = frameColors(look.frame);
  const { animation } = look;
  const style = {
    '--look-size': `${size}px`,
    '--look-from': from,
    '--look-to': to,
    '--look-angle': `${look.frame.angle}deg`,
    '--look-cycle': `${animation.durationMs + animation.delayMs}ms`,
    '--look-intensity': animation.intensity,
    '--look-hue-shift': `${animation.hueShift}deg`,
  } as CSSProperties;
  return (
    <span
      className={[styles.avatar, className ?? ''].join(' ')}
      style={style}
      data-motion={animation.kind}
      data-hue-shift={animation.hueShift !== 0 || undefined}
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      data-testid={testId}
    >
      <span className={styles.ring} />
      <img
        className={styles.picture}
        src={look.picture}
        alt=""
        width={size}
        height={size}
        draggable={false}
        decoding="async"
      />
      {OVERLAID.has(animation.kind) && <span className={styles.fx} />}
    </span>
  );
}
