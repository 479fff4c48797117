/**
 * The image being tweaked, as the studio reads it from the viewer's calls (GET /api/image/{uuid}/info and
 * /info/gen), and the choices that depend on it: the inpaint style to start from, the conversion targets.
 * Pure (docs/product/generation.md#tweak).
 */
import {
  DEFAULT_TWEAK_STYLE_LIB,
  capabilitiesFor,
  creativityOf,
  qualityOf,
  type Creativity,
  type Plan,
  type Quality,
  type Render,
  type TweakSource,
} from '@mirage/domain';
import type { Answer } from '@mirage/contract';
import type { GraphicStyle } from '../catalogue/index.ts';

export type ImageInfo = Answer<'getImageInfo'>;
export type ImageGenInfo = Answer<'getImageGenInfo'>;

export interface SourceImage {
  uuid: string;
  width: number;
  height: number;
  /** The picture to paint on and compare with (same origin: the canvas reads it). */
  url: string;
  thumbnail: string;
  blurhash: string;
  styleId: number | null;
  render: string | null;
  isOwner: boolean;
  /** What the domain's tweak rules read (tweak.ts). */
  rule: TweakSource;
  /** The result keeps the source's size, so it costs what that quality costs. */
  quality: Quality;
  creativity: Creativity;
  prompt: string;
  negPrompt: string;
}

/**
 * The user's own files load from the site itself (`/images/...`), with the session cookie: on a files host
 * (FILES_PUBLIC_URL) they would need the read token (features/files), which the studio, one picture at a
 * time, does without. Other people's (public) files load from wherever the API points.
 */
export function studioFileAddress(src: string, own: boolean): string {
  const path = src.lastIndexOf('/images/');
  return own && path > 0 ? src.slice(path) : src;
}

/** The source from its info and, when it has any, its generation data (null while that loads). */
export function sourceOf(info: ImageInfo, gen: ImageGenInfo | null | undefined): SourceImage {
  return {
    uuid: info.uuid,
    width: info.width,
    height: info.height,
    url: studioFileAddress(info.image_src, info.is_owner),
    thumbnail: studioFileAddress(info.thumbnail_src, info.is_owner),
    blurhash: info.blurhash,
    styleId: info.style_id,
    render: info.render,
    isOwner: info.is_owner,
    rule: {
      user_id: info.user_id,
      is_private: info.is_private,
      gen_type: info.gen_type,
      render: info.render,
      style_id: info.style_id,
      // The curated samples are the only images without generation data (contract: has_gen_data).
      is_sample: !info.has_gen_data,
    },
    quality: qualityOf(gen?.quality),
    creativity: creativityOf(gen?.creativity),
    prompt: gen?.prompt ?? '',
    negPrompt: gen?.neg_prompt ?? '',
  };
}

/** Whether the plan may pick this style (docs/product/generation.md#plan-forcing: Free, free styles only). */
export function styleAllowed(style: GraphicStyle, plan: Plan): boolean {
  return !capabilitiesFor(plan).freeStylesOnly || style.is_free;
}

/**
 * The inpaint style a new source starts with (spec §4: default style for tweak, anime modern): the
 * source's own when the plan may use it, else anime modern, else the first style the plan may use of the
 * source's kind.
 */
export function defaultInpaintStyle(
  sourceStyleId: number | null,
  styles: readonly GraphicStyle[],
  plan: Plan,
  sourceRender?: string | null,
): GraphicStyle | undefined {
  const allowed = styles.filter((style) => styleAllowed(style, plan));
  return (
    allowed.find((style) => style.id === sourceStyleId) ??
    allowed.find((style) => style.lib === DEFAULT_TWEAK_STYLE_LIB) ??
    allowed.find((style) => style.render === sourceRender) ??
    allowed[0]
  );
}

/** The render filter that shows a style (the picker lists one kind at a time). */
export function renderOf(styleId: number | null, styles: readonly GraphicStyle[], fallback: Render): Render {
  return styles.find((style) => style.id === styleId)?.render ?? fallback;
}

/**
 * What the generator's prompt boxes start with for a new source: its own prompts, so that the user edits
 * what made it (an empty prompt would redraw from the same ones on the server).
 */
export function startingPrompts(source: SourceImage): { prompt: string; neg_prompt: string } {
  return { prompt: source.prompt, neg_prompt: source.negPrompt };
}
