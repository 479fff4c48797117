/* The bell's icon (the top menu's: loaded with every page), in the frame the app's icons share. */
import { Icon, type IconProps } from '../../../ui/icons.tsx';

export const BellIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M6 16.5V11a6 6 0 0 1 12 0v5.5l1.5 1.5h-15L6 16.5Z" />
    <path d="M10 20.5a2.2 2.2 0 0 0 4 0" />
  </Icon>
);
