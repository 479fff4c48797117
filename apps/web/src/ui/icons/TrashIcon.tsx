import { Icon, type IconProps } from './Icon.tsx';

export const TrashIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M4.5 7h15M10 7V5h4v2M6.5 7l.8 12c.1.8.7 1.5 1.5 1.5h6.4c.8 0 1.4-.7 1.5-1.5l.8-12" />
  </Icon>
);
