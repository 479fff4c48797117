import { readFileSync } from 'node:fs';
import type { Answer } from '@mirage/contract';
import { z } from 'zod';
import { ConfigError } from '../../config.ts';

export type Testimonial = Answer<'getSiteInfo'>['testimonials'][number];

/** A web address people are sent to or an image is loaded from: http or https only. */
const httpUrl = z.url({ protocol: /^https?$/ });

/**
 * The operator's testimonials file (PROMO_TESTIMONIALS_FILE; docs/product/content.md#testimonials):
 * `{"testimonials": [{id, message, author, platform, avatar?, url?}]}`. Quotes are the operator's real,
 * published ones; the product never writes any (fabricated reviews are unlawful).
 */
export const testimonialsFile = z
  .object({
    testimonials: z
      .array(
        z
          .object({
            id: z.string().trim().min(1).max(64),
            message: z.string().trim().min(1).max(1000),
            author: z.string().trim().min(1).max(100),
            platform: z.string().trim().min(1).max(50),
            avatar: httpUrl.nullable().default(null),
            url: httpUrl.nullable().default(null),
          })
          .strict(),
      )
      .max(24)
      .refine((items) => new Set(items.map((item) => item.id)).size === items.length, 'ids must be unique'),
  })
  .strict();

/**
 * Reads and checks the file at start. A file that is missing, not JSON or breaks the shape refuses the
 * start (ConfigError, every problem listed): the operator asked for these quotes, and a silently empty
 * block would hide a typo until someone noticed. No file configured: no testimonials.
 */
export function loadTestimonials(file: string | undefined): Testimonial[] {
  if (!file) return [];
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ConfigError(
      `PROMO_TESTIMONIALS_FILE ${file}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const parsed = testimonialsFile.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.') || '(file)'}: ${issue.message}`,
    );
    throw new ConfigError(`PROMO_TESTIMONIALS_FILE ${file}:\n  ${problems.join('\n  ')}`);
  }
  return parsed.data.testimonials;
}
