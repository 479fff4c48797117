import type { ReactNode } from 'react';
import { lookOf, type LookInput } from './lookData.ts';
import styles from './Look.module.css';

export interface PlayerNameProps {
  equipped: LookInput | null | undefined;
  name: ReactNode;
  /** The element: a heading on the profile, a span in lists. */
  as?: 'span' | 'strong' | 'h1' | 'h2' | 'h3';
  id?: string;
  className?: string;
  testId?: string;
}

/** A player's name in the colour of their Color reward (readable on the dark surfaces, tested in the domain). */
export function PlayerName({ equipped, name, as: Tag = 'span', id, className, testId }: PlayerNameProps) {
  const { color } = lookOf(equipped);
  return (
    <Tag
      id={id}
      className={[styles.name, className ?? ''].join(' ')}
      style={{ color }}
      data-color={color}
      data-testid={testId}
    >
      {name}
    </Tag>
  );
}
