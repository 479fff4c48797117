/* The gallery's own 24×24 stroke icons, drawn like ui/icons.tsx. Decorative: label the control. */
import type { ReactNode } from 'react';

function Icon({ size = 20, children }: { size?: number; children: ReactNode }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

export const RefreshIcon = ({ size }: { size?: number }) => (
  <Icon size={size}>
    <path d="M19.5 12a7.5 7.5 0 1 1-2.2-5.3" />
    <path d="M19.5 4.5v4h-4" />
  </Icon>
);

/** Autoscroll: a page with a downward arrow. */
export const AutoscrollIcon = ({ size }: { size?: number }) => (
  <Icon size={size}>
    <path d="M12 4v12M7.5 11.5 12 16l4.5-4.5" />
    <path d="M5 20h14" />
  </Icon>
);

export const FilterIcon = ({ size }: { size?: number }) => (
  <Icon size={size}>
    <path d="M4 6h16M7 12h10M10 18h4" />
  </Icon>
);
