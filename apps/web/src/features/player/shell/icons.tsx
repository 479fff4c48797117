/* The player's own icons, drawn in the frame the app's icons share (ui/icons/Icon.tsx); the bell's is in
   ./BellIcon.tsx, apart, as it loads with every page and these only with the panels. */
import { Icon, type IconProps } from '../../../ui/icons.tsx';

export const CoinIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="12" r="8.5" />
    <circle cx="12" cy="12" r="5.2" />
    <path d="M12 9.5v5" />
  </Icon>
);

/** A star rising from a bar: a level reached. */
export const LevelIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="m12 3.5 2.2 4.5 4.8.7-3.5 3.4.8 4.9-4.3-2.3-4.3 2.3.8-4.9L5 8.7l4.8-.7L12 3.5Z" />
    <path d="M6 20.5h12" />
  </Icon>
);

/** A speaker crossed out: the sounds are muted (ui/icons VolumeIcon is the speaker sounding). */
export const VolumeOffIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M4 9.5h3.5L12 5.5v13l-4.5-4H4v-5Z" />
    <path d="m16 9.5 5 5M21 9.5l-5 5" />
  </Icon>
);
