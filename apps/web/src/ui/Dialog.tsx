import type { DialogProps } from './DialogFrame.tsx';
import { onFirstOpen } from './onFirstOpen.tsx';

export type { DialogProps };

/** A modal dialog, a bottom sheet on phones, or a drawer (DialogFrame.tsx), loaded when first opened. */
export const Dialog = onFirstOpen<DialogProps>(() =>
  import('./DialogFrame.tsx').then((module) => module.DialogFrame),
);
