/**
 * What a kept-alive page loses while it is hidden with `display: none`, captured just before it is
 * hidden and given back when it shows again: the window's scroll position, the scroll positions of
 * scrolled boxes inside it (a browser resets those when their box disappears), and its document title.
 */
export interface PageSnapshot {
  x: number;
  y: number;
  boxes: { element: Element; top: number; left: number }[];
  /** The page's hoisted `<title>` (React 19 puts it first in <head> when it mounts). */
  title: Element | null;
}

export function capturePage(root: Element): PageSnapshot {
  const boxes: PageSnapshot['boxes'] = [];
  for (const element of Array.from(root.querySelectorAll('*'))) {
    if (element.scrollTop !== 0 || element.scrollLeft !== 0) {
      boxes.push({ element, top: element.scrollTop, left: element.scrollLeft });
    }
  }
  // The visible page's title is the first one: it was inserted before the others when it mounted, or
  // moved first by restorePage when the page came back.
  return { x: window.scrollX, y: window.scrollY, boxes, title: document.querySelector('head > title') };
}

export function restorePage(snapshot: PageSnapshot, root: Element): void {
  const { title } = snapshot;
  const first = document.querySelector('head > title');
  // The title follows the visible page: document.title reads the first <title> of the document.
  if (title && title !== first && title.parentNode === document.head)
    document.head.insertBefore(title, first);
  for (const box of snapshot.boxes) {
    if (root.contains(box.element)) box.element.scrollTo(box.left, box.top);
  }
  window.scrollTo(snapshot.x, snapshot.y);
}
