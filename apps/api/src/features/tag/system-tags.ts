import {
  FORMATS,
  RENDERS,
  SEARCH_GEN_TYPES,
  systemTagName,
  type Format,
  type Render,
  type SearchGenType,
  type SystemTagKind,
} from '@mirage/domain';
import type { DB } from '../../db/database.ts';
import { listStyleLibs } from '../catalogue/index.ts';
import { listSystemTags } from './repository.ts';

/**
 * docs/product/gallery.md#search: search gen types to the stored image gen types ("tweak" is an inpainting).
 */
export const STORED_GEN_TYPE: Record<SearchGenType, string> = {
  txt2img: 'txt2img',
  tweak: 'inpaint',
  style_convert: 'style_convert',
};

/** Every system tag the catalogue implies: one per style lib, render, format and generation type. */
export function systemTagNames(styleLibs: readonly string[]): { kind: SystemTagKind; name: string }[] {
  return [
    ...styleLibs.map((lib) => ({ kind: 'style' as const, name: systemTagName(lib) })),
    ...RENDERS.map((render) => ({ kind: 'render' as const, name: systemTagName(render) })),
    ...FORMATS.map((format) => ({ kind: 'format' as const, name: systemTagName(format) })),
    ...SEARCH_GEN_TYPES.map((type) => ({ kind: 'gen_type' as const, name: STORED_GEN_TYPE[type] })),
  ];
}

/**
 * Search filters turned into tag ids, one list per filter group (any of its ids matches); null when the
 * search does not filter on that group.
 */
export interface SystemTagFilters {
  styles: number[] | null;
  renders: number[] | null;
  formats: number[] | null;
  genTypes: number[] | null;
}

const REFRESH_MS = 60_000;

/**
 * The ids of system tags, read from the database at most once a minute (they are created by the
 * catalogue seed and change only with it). A filter value without a tag matches no image: its tag
 * list is empty, and `tag_ids && '{}'` is false.
 */
export function createSystemTagIndex(db: DB, now: () => Date = () => new Date()) {
  let cache: { at: number; ids: Map<string, number>; styleLibs: Map<number, string> } | null = null;

  async function load() {
    if (cache && now().getTime() - cache.at < REFRESH_MS) return cache;
    const [tags, styles] = await Promise.all([listSystemTags(db), listStyleLibs(db)]);
    cache = {
      at: now().getTime(),
      ids: new Map(tags.map((tag) => [`${tag.kind}:${tag.name}`, tag.id])),
      styleLibs: new Map(styles.map((style) => [style.id, style.lib])),
    };
    return cache;
  }

  return {
    async filters(body: {
      styles: readonly number[];
      renders: readonly Render[];
      formats: readonly Format[];
      gen_types: readonly SearchGenType[];
    }): Promise<SystemTagFilters> {
      const { ids, styleLibs } = await load();
      const idsOf = (kind: SystemTagKind, names: readonly (string | undefined)[]) =>
        names.length === 0
          ? null
          : names.flatMap((name) => {
              const id = name === undefined ? undefined : ids.get(`${kind}:${systemTagName(name)}`);
              return id === undefined ? [] : [id];
            });
      return {
        styles: idsOf(
          'style',
          body.styles.map((id) => styleLibs.get(id)),
        ),
        renders: idsOf('render', body.renders),
        formats: idsOf('format', body.formats),
        genTypes: idsOf(
          'gen_type',
          body.gen_types.map((type) => STORED_GEN_TYPE[type]),
        ),
      };
    },
  };
}
export type SystemTagIndex = ReturnType<typeof createSystemTagIndex>;
