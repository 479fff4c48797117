/* The mask editor's own 24×24 stroke icons, drawn in the shared frame (ui/icons/Icon.tsx); they ship only
   with the editor's chunk. */
import { Icon, type IconProps } from '../../../ui/icons.tsx';

export const BrushIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M19.2 3.4a1.9 1.9 0 0 1 2.7 2.7L13 15l-2.7-2.7z" />
    <path d="M9.6 13.4c-2.3-.4-4.3 1.3-4.3 3.6 0 1.4-.9 2.5-2.3 3 3.7 1.4 8.9.2 9.3-3.9" />
  </Icon>
);

export const EraserIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M4.6 14.6l9.8-9.8a2 2 0 0 1 2.8 0l2 2a2 2 0 0 1 0 2.8L10.4 18.4 8.8 20H7.4l-2.8-2.6a2 2 0 0 1 0-2.8z" />
    <path d="M9.2 10l4.8 4.8M12 20h8" />
  </Icon>
);

export const MoveIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 3v18M3 12h18M9 6l3-3 3 3M9 18l3 3 3-3M6 9l-3 3 3 3M18 9l3 3-3 3" />
  </Icon>
);

export const UndoIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M9 14L4 9l5-5" />
    <path d="M4 9h10.5a5.5 5.5 0 0 1 0 11H11" />
  </Icon>
);

export const RedoIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M15 14l5-5-5-5" />
    <path d="M20 9H9.5a5.5 5.5 0 0 0 0 11H13" />
  </Icon>
);

export const ZoomInIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="11" cy="11" r="7" />
    <path d="M20 20l-4-4M11 8v6M8 11h6" />
  </Icon>
);

export const ZoomOutIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="11" cy="11" r="7" />
    <path d="M20 20l-4-4M8 11h6" />
  </Icon>
);

export const FitIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M4 9V5a1 1 0 0 1 1-1h4M15 4h4a1 1 0 0 1 1 1v4M20 15v4a1 1 0 0 1-1 1h-4M9 20H5a1 1 0 0 1-1-1v-4" />
  </Icon>
);
