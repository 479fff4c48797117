import { Icon, type IconProps } from './Icon.tsx';

export const BoltIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M13 3 5.5 13.5H12L11 21l7.5-10.5H12L13 3Z" />
  </Icon>
);
