import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { whenPageIdle } from './useAfterLoad.ts';

/**
 * The dialog is ready when first opened, and its download never competes with the first screen's: it is
 * fetched once the page has loaded, while the browser is idle.
 */
function prefetchWhenIdle(prefetch: () => void): () => void {
  return whenPageIdle(prefetch, 5_000, 1_000);
}

/**
 * A dialog whose code (its own, and the dialog library's: Radix Dialog with its focus trap and scroll lock,
 * ~15 KB gzipped) is not part of a page's first load (issue 20): it loads when the page is idle, or when the
 * dialog first opens. Nothing is rendered until then, as with the dialog itself while closed; from then on
 * it stays mounted so that it can animate out and in again.
 */
export function onFirstOpen<P extends { open: boolean }>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  const Loaded = lazy(() => load().then((component) => ({ default: component })));
  const prefetch = () => void load().catch(() => undefined);
  return function DialogOnFirstOpen(props: P) {
    const [opened, setOpened] = useState(props.open);
    // Noted during render, not in an effect: the dialog renders in the same pass as the open state.
    if (props.open && !opened) setOpened(true);
    useEffect(() => (opened ? undefined : prefetchWhenIdle(prefetch)), [opened]);
    if (!opened) return null;
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  };
}
