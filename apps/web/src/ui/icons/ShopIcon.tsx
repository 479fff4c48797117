import { Icon, type IconProps } from './Icon.tsx';

export const ShopIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M4 8h16l-1.3 10.6c-.1.8-.8 1.4-1.6 1.4H6.9c-.8 0-1.5-.6-1.6-1.4L4 8Z" />
    <path d="M8.5 10V7a3.5 3.5 0 0 1 7 0v3" />
  </Icon>
);
