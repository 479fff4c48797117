import { Icon, type IconProps } from './Icon.tsx';

export const LogoutIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M14 4h4.5c.8 0 1.5.7 1.5 1.5v13c0 .8-.7 1.5-1.5 1.5H14" />
    <path d="M10 8l-4 4 4 4M6 12h10" />
  </Icon>
);
