import { Icon, type IconProps } from './Icon.tsx';

/** Autoscroll: a downward arrow onto a line. */
export const AutoscrollIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 4v12M7.5 11.5 12 16l4.5-4.5" />
    <path d="M5 20h14" />
  </Icon>
);
