import { Icon, type IconProps } from './Icon.tsx';

export const SparkleIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 3.5 13.8 9l5.7 1.8-5.7 1.8L12 18.2l-1.8-5.6-5.7-1.8L10.2 9 12 3.5Z" />
    <path d="M19 3v3M17.5 4.5h3" />
  </Icon>
);
