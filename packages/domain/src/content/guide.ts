/**
 * The user guide's structure and its scroll rules (docs/product/routes.md, spec §2 "Guide"): four
 * categories, each with its sections in reading order. A section's id is its anchor (/guide#{id}); the
 * text of each section lives in packages/i18n/content/<lang>/guide.json under the same id.
 */

export const GUIDE_CATEGORIES = [
  { id: 'getting-started', sections: ['introduction', 'content-policy'] },
  { id: 'how-to-prompt', sections: ['what-is-prompting', 'prompting-basics', 'prompt', 'negative-prompt'] },
  {
    id: 'settings',
    sections: [
      'resolution',
      'boosters',
      'creativity',
      'upscale',
      'fastlane',
      'ecomode',
      'watermark',
      'tweak-panel',
      'seed',
    ],
  },
  { id: 'ai-fundamentals', sections: ['hi-res-fix', 'lora', 'cfg-scale'] },
] as const;

export type GuideCategoryId = (typeof GUIDE_CATEGORIES)[number]['id'];
export type GuideSectionId = (typeof GUIDE_CATEGORIES)[number]['sections'][number];

/** Every section id, in page order. */
export const GUIDE_SECTIONS: readonly GuideSectionId[] = GUIDE_CATEGORIES.flatMap((category) => [
  ...category.sections,
]);

/**
 * Other names the product links to (the generator links #modifiers and #slowmode): each is a real anchor,
 * placed at the top of the section it names, so /guide#modifiers lands on the boosters.
 */
export const GUIDE_ANCHOR_ALIASES: Readonly<Record<string, GuideSectionId>> = {
  modifiers: 'boosters',
  slowmode: 'ecomode',
};

/** Every anchor /guide#… may carry: the sections and their aliases. */
export const GUIDE_ANCHORS: readonly string[] = [...GUIDE_SECTIONS, ...Object.keys(GUIDE_ANCHOR_ALIASES)];

export function isGuideSection(value: string): value is GuideSectionId {
  return (GUIDE_SECTIONS as readonly string[]).includes(value);
}

/** The section an address hash ("#modifiers", "boosters") points at, or null for none or an unknown one. */
export function guideSectionOfHash(hash: string): GuideSectionId | null {
  let id: string;
  try {
    id = decodeURIComponent(hash.replace(/^#/, ''));
  } catch {
    return null; // a malformed escape ("#%E0") names no section
  }
  if (isGuideSection(id)) return id;
  return Object.hasOwn(GUIDE_ANCHOR_ALIASES, id) ? GUIDE_ANCHOR_ALIASES[id]! : null;
}

/** The category a section belongs to. */
export function guideCategoryOf(section: GuideSectionId): GuideCategoryId {
  const category = GUIDE_CATEGORIES.find((entry) => (entry.sections as readonly string[]).includes(section));
  // Every GuideSectionId is in exactly one category (the type is derived from the list).
  return category!.id;
}

/** Spec §2: a viewport wider than this counts as wide for the anchor offset. */
export const GUIDE_WIDE_VIEWPORT = 705;

/**
 * How far below the viewport's top a section lands when the guide scrolls to it: 70 px on a wide
 * viewport (clear of the page's top), 120 px on a narrow one (clear of the phone's guide bar).
 */
export function guideScrollOffset(viewportWidth: number): number {
  return viewportWidth > GUIDE_WIDE_VIEWPORT ? 70 : 120;
}

/** Spec §9: a section becomes the current one once its top is within this many px of the viewport's top. */
export const GUIDE_CURRENT_THRESHOLD = 130;

/**
 * The current section, from each section's top relative to the viewport (getBoundingClientRect().top), in
 * page order: the last one whose top has reached the threshold; the first section before any has. Both
 * scroll offsets (70, 120) sit inside the threshold, so the section scrolled to is always the current one.
 */
export function currentGuideSection(
  tops: readonly { id: GuideSectionId; top: number }[],
): GuideSectionId | null {
  let current: GuideSectionId | null = tops[0]?.id ?? null;
  for (const { id, top } of tops) {
    if (top <= GUIDE_CURRENT_THRESHOLD) current = id;
    else break;
  }
  return current;
}

/**
 * The comparator's count as the spec words it: "N image", with an "s" when the count is above 0. The page
 * writes it through the interface's plural rules (every comparator shows 2 images or more, where both
 * agree; a test checks the English one against this).
 */
export function comparatorCountLabel(count: number): string {
  return `${count} image${count > 0 ? 's' : ''}`;
}
