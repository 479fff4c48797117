import { Icon, type IconProps } from './Icon.tsx';

export const ImageIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="3.5" y="4.5" width="17" height="15" rx="2.5" />
    <circle cx="9" cy="10" r="1.8" />
    <path d="m20.5 15.5-4.5-4.5-8 8" />
  </Icon>
);
