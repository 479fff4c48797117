import { GUIDE_SECTIONS, type GuideSectionId } from '@mirage/domain';
import { z } from '../../app/zod.ts';

/**
 * The guide's long-form text (packages/i18n/content/<lang>/guide.json): a title and lead, one entry per
 * section id of the domain's GUIDE_CATEGORIES, and the call to action. Text may hold {{placeholders}}
 * for the product's numbers (guide-values.ts in the domain), so the guide never states a price or limit the code does not.
 */
const section = z.object({
  title: z.string().min(1),
  paragraphs: z.array(z.string().min(1)).min(1),
  list: z.array(z.string().min(1)).optional(),
  example: z.string().min(1).optional(),
  /** The label of the section's image comparator (sections with GUIDE_IMAGES only). */
  comparator: z.string().min(1).optional(),
});

const guideContent = z.object({
  title: z.string().min(1),
  lead: z.string().min(1),
  sections: z.record(z.string(), section),
  cta: z.object({
    guest_title: z.string().min(1),
    guest_text: z.string().min(1),
    member_title: z.string().min(1),
    member_text: z.string().min(1),
  }),
});

export type GuideSectionText = z.infer<typeof section>;

export interface GuideContent extends Omit<z.infer<typeof guideContent>, 'sections'> {
  sections: Record<GuideSectionId, GuideSectionText>;
}

/** Reads the document; throws when it is not the guide's shape or misses a section. */
export function parseGuideContent(value: unknown): GuideContent {
  const content = guideContent.parse(value);
  const missing = GUIDE_SECTIONS.filter((id) => !content.sections[id]);
  if (missing.length > 0) throw new Error(`guide content misses sections: ${missing.join(', ')}`);
  return content;
}
