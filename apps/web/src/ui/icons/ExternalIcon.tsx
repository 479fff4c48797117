import { Icon, type IconProps } from './Icon.tsx';

export const ExternalIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M13.5 4.5H19.5V10.5M19.5 4.5l-8 8M17 14v4.5c0 .8-.7 1.5-1.5 1.5h-10c-.8 0-1.5-.7-1.5-1.5v-10C4 7.7 4.7 7 5.5 7H10" />
  </Icon>
);
