import { lazy, Suspense } from 'react';
import { useAfterLoad } from '../../ui/useAfterLoad.ts';

// The indicator, its task store and its ring are not needed for the first paint (and no task can have made
// progress before the page loaded that the stream would not replay: a late subscriber gets every running
// task at once). Loaded once the page has loaded and the browser is idle, out of every route's first load.
const Progress = lazy(() =>
  import('./GenerationProgress.tsx').then((module) => ({ default: module.GenerationProgress })),
);

/** The top menu's generation progress (./GenerationProgress.tsx), loaded after the page. */
export function LazyGenerationProgress() {
  const ready = useAfterLoad();
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <Progress />
    </Suspense>
  );
}
