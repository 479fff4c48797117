import { currentGuideSection, guideScrollOffset, isGuideSection, type GuideSectionId } from '@mirage/domain';

/** The window scroll position that puts an element's top `offset` px below the viewport's top. */
export function scrollTopFor(elementTop: number, scrollY: number, offset: number): number {
  return Math.max(0, Math.round(scrollY + elementTop - offset));
}

/** Smooth scrolling, unless the user asked the system for less motion. */
export function scrollBehavior(reducedMotion: boolean): ScrollBehavior {
  return reducedMotion ? 'auto' : 'smooth';
}

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/**
 * Scrolls the window so that the element with this id (a section, or an alias anchor placed at the top of
 * one) sits at the guide's offset (70 px wide, 120 px narrow); without an id, to the top. Smoothly unless
 * the user asked for less motion, or as `behavior` says. Returns whether the anchor exists.
 */
export function scrollToAnchor(
  id: string | null,
  behavior: ScrollBehavior = scrollBehavior(prefersReducedMotion()),
): boolean {
  if (!id) {
    window.scrollTo({ top: 0, behavior });
    return true;
  }
  const element = document.getElementById(id);
  if (!element) return false;
  const top = scrollTopFor(
    element.getBoundingClientRect().top,
    window.scrollY,
    guideScrollOffset(window.innerWidth),
  );
  window.scrollTo({ top, behavior });
  return true;
}

/** The section the reader is in now, measured from the sections' elements (ids = section ids). */
export function measureCurrentSection(sections: readonly GuideSectionId[]): GuideSectionId | null {
  const tops: { id: GuideSectionId; top: number }[] = [];
  for (const id of sections) {
    const element = document.getElementById(id);
    if (element && isGuideSection(element.id)) tops.push({ id, top: element.getBoundingClientRect().top });
  }
  return currentGuideSection(tops);
}
