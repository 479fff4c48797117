import { Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';

/**
 * For a control whose code loads on first use, such as a menu with its menu library (~17 KB gzipped, issue
 * 20: each route's own code at most 60 KB). Until then the page shows a plain button that looks and reads
 * the same, with `buttonProps`: its press (a click, Enter or Space) sets `wanted`, which renders the real
 * control, opened; hovering or focusing it starts the download early so that a press rarely waits.
 */
export function useOnFirstUse(load: () => Promise<unknown>) {
  const [wanted, setWanted] = useState(false);
  const want = useCallback(() => setWanted(true), []);
  // A failed early download is retried by the press itself (React.lazy calls `load` again).
  const prefetch = useCallback(() => void load().catch(() => undefined), [load]);
  const buttonProps = useMemo(
    () => ({ 'aria-expanded': false, onClick: want, onPointerEnter: prefetch, onFocus: prefetch }),
    [want, prefetch],
  );
  return { wanted, buttonProps };
}

/** The plain button until the control is wanted; then the control (lazy), the plain button while it loads. */
export function OnFirstUse({
  wanted,
  plain,
  children,
}: {
  wanted: boolean;
  plain: ReactNode;
  children: ReactNode;
}) {
  return wanted ? <Suspense fallback={plain}>{children}</Suspense> : plain;
}
