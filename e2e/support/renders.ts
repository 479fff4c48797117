import type { Page } from 'playwright-core';

/**
 * Counts the React components that render inside each kept-alive page, to show that a hidden page does
 * not re-render when the user moves between other pages. React has no public render counter in a
 * production build, so this listens where React DevTools does: a page script that defines
 * `__REACT_DEVTOOLS_GLOBAL_HOOK__` before React loads is called with the root after every commit.
 *
 * A component counts as rendered in a commit when its fiber is new to the committed tree (cloned or
 * mounted in this render, not left over from the last commit) and carries React's PerformedWork flag
 * (bit 1), the test React DevTools itself uses. Only components under a DOM element of the page count:
 * between the page box (`data-testid="kept-page"`) and the page's first element sit the keep-alive's own
 * wrappers, which may render to find that nothing changed. These are React internals: if a React upgrade
 * changes them, the positive control of the spec (the page on screen does render) fails instead of the
 * check passing with nothing counted.
 */
function installRenderCounter(): void {
  interface Fiber {
    tag: number;
    flags: number;
    child: Fiber | null;
    sibling: Fiber | null;
    memoizedProps: Record<string, unknown> | null;
  }
  const FUNCTION = 0;
  const CLASS = 1;
  const HOST = 5;
  const FORWARD_REF = 11;
  const SIMPLE_MEMO = 15;
  const COMPONENTS = new Set([FUNCTION, CLASS, FORWARD_REF, SIMPLE_MEMO]);
  const PERFORMED_WORK = 1;

  const counts: Record<string, number> = {};
  let lastTree = new Set<Fiber>();

  const onCommitFiberRoot = (_renderer: number, root: { current: Fiber }) => {
    const tree = new Set<Fiber>();
    // [fiber, path of the kept page around it, whether a DOM element of that page is around it]
    const stack: [Fiber, string | null, boolean][] = [[root.current, null, false]];
    for (let top = stack.pop(); top; top = stack.pop()) {
      const [fiber, path, inContent] = top;
      tree.add(fiber);
      if (
        path !== null &&
        inContent &&
        COMPONENTS.has(fiber.tag) &&
        !lastTree.has(fiber) &&
        (fiber.flags & PERFORMED_WORK) !== 0
      ) {
        counts[path] = (counts[path] ?? 0) + 1;
      }
      let childPath = path;
      let childInContent = inContent;
      if (fiber.tag === HOST && fiber.memoizedProps) {
        if (fiber.memoizedProps['data-testid'] === 'kept-page') {
          childPath = String(fiber.memoizedProps['data-path']);
          childInContent = false;
        } else if (path !== null) {
          childInContent = true;
        }
      }
      if (fiber.sibling) stack.push([fiber.sibling, path, inContent]);
      if (fiber.child) stack.push([fiber.child, childPath, childInContent]);
    }
    lastTree = tree;
  };

  const renderers = new Map<number, unknown>();
  Object.assign(window, {
    __REACT_DEVTOOLS_GLOBAL_HOOK__: {
      supportsFiber: true,
      isDisabled: false,
      renderers,
      inject: (renderer: unknown) => {
        renderers.set(renderers.size + 1, renderer);
        return renderers.size;
      },
      checkDCE: () => undefined,
      onScheduleFiberRoot: () => undefined,
      onCommitFiberRoot,
      onCommitFiberUnmount: () => undefined,
      onPostCommitFiberRoot: () => undefined,
    },
    keptPageRenders: counts,
  });
}

/** Installs the counter in every document the page loads from now on (before React starts). */
export async function countKeptPageRenders(page: Page): Promise<void> {
  await page.addInitScript(installRenderCounter);
}

/** The renders counted so far, by kept page path; `reset` starts the count again from zero. */
export async function keptPageRenders(page: Page, options: { reset?: boolean } = {}) {
  return page.evaluate((reset) => {
    const counts = (window as unknown as { keptPageRenders: Record<string, number> }).keptPageRenders;
    const copy = { ...counts };
    if (reset) for (const path of Object.keys(counts)) delete counts[path];
    return copy;
  }, options.reset ?? false);
}
