import { Icon, type IconProps } from './Icon.tsx';

export const ShuffleIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M4 7h3.5c2 0 3.2 1 4.3 2.6l.4.6M4 17h3.5c2 0 3.2-1 4.3-2.6l2.4-3.6C15.3 9 16.5 8 18.5 8H20M20 16h-1.5c-1.5 0-2.5-.6-3.4-1.6" />
    <path d="m17.5 5.5 2.5 2.5-2.5 2.5M17.5 13.5l2.5 2.5-2.5 2.5" />
  </Icon>
);
