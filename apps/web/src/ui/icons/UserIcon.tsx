import { Icon, type IconProps } from './Icon.tsx';

export const UserIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 20c1.4-3.5 4.4-5 8-5s6.6 1.5 8 5" />
  </Icon>
);
