import type { CuratedImage } from './curated-images.ts';

/**
 * The promo pages' sample gallery (spec §2 "Promo pages and footer"; docs/product/content.md#promo-pages):
 * per page and per category, pictures the built-in preview renderer paints at start (CuratedImage, like the
 * guide's). An operator with real pictures replaces these uuids' files.
 *
 * The category names are the spec's labels for the tabs; the pictures themselves are neutral, adult and
 * non-sexual (the repository stays clean): portraits, fashion and fantasy characters. `nsfw` marks the
 * pictures the pages blur until the visitor confirms being 18, as the galleries do, so that treatment
 * works from the first start.
 */

/** The two promo pages: /ai-hentai-generator (anime styles) and /ai-realistic-generator (photo styles). */
export const PROMO_PAGES = ['hentai', 'realistic'] as const;
export type PromoPage = (typeof PROMO_PAGES)[number];

/** The gallery's tabs, in the spec's order. */
export const PROMO_CATEGORIES = ['girl', 'man', 'fetish', 'furry', 'futanari'] as const;
export type PromoCategory = (typeof PROMO_CATEGORIES)[number];

/** The neutral subjects the samples show; each is a key of `samples` in packages/i18n/content/<lang>/promo.json. */
export const PROMO_SUBJECTS = {
  girl: {
    red_coat: 'a woman in a red coat in an autumn park, falling leaves',
    cafe_reader: 'a woman with silver hair reading a book in a sunlit cafe',
    promenade: 'a woman in a summer dress on a seaside promenade, evening light',
    lanterns: 'a woman in a blue kimono under cherry blossoms, paper lanterns',
  },
  man: {
    rooftop: 'a man in a leather jacket on a rooftop at night, city lights',
    fireplace: 'a bearded man in a wool sweater by a fireplace, warm light',
    neon_rain: 'a man in a tailored suit on a rainy street, neon reflections',
    cliff: 'a swordsman in a long coat on a windy cliff, clouds',
  },
  fetish: {
    raincoat: 'a black latex-look raincoat on a fashion studio set',
    evening_gown: 'a woman in a structured black evening gown with lace gloves, fashion runway',
    boots: 'tall patent leather boots and a belted trench coat on a fashion studio set',
    masquerade: 'a masquerade mask and velvet gloves on a dressing table, candle light',
  },
  furry: {
    fox: 'an anthropomorphic fox adventurer in a forest, backpack and map',
    wolf: 'an anthropomorphic wolf bard playing a lute in a tavern',
    cat: 'an anthropomorphic cat pilot beside a small airplane, summer field',
    dragon: 'an anthropomorphic dragon knight in silver armour, castle gate',
  },
  futanari: {
    warrior: 'a fantasy warrior portrait, dramatic light',
    sorceress: 'a sorceress with glowing runes, starry night sky',
    ranger: 'an elven ranger with a longbow in a misty valley',
    queen: 'a desert queen on a throne, golden light',
  },
} as const satisfies Record<PromoCategory, Record<string, string>>;

export type PromoSubject = { [C in PromoCategory]: keyof (typeof PROMO_SUBJECTS)[C] }[PromoCategory];

/** One sample: a curated picture with the subject that describes it (its caption and alternative text). */
export interface PromoSample extends CuratedImage {
  /** A key of the content's `samples`; absent: the picture is described by its category only. */
  description?: PromoSubject;
}

/** The words each page adds to a subject: the same subjects, drawn in the page's kind of style. */
const RENDERING: Record<PromoPage, string> = {
  hentai: 'anime illustration',
  realistic: 'photograph',
};

/** The prompt of a subject of a category (a subject of another category is a mistake the test catches). */
function subjectPrompt(category: PromoCategory, subject: PromoSubject): string {
  return (PROMO_SUBJECTS[category] as Record<string, string>)[subject] ?? '';
}

/** One row of a page's table: the subject, the fixed uuid, the style, the seed, and whether it is NSFW. */
type Row = readonly [subject: PromoSubject, uuid: string, style: string, seed: number, nsfw?: boolean];

/** The rows of each page, by category, in the order the gallery shows them (all Portrait, Standard). */
const ROWS: Record<PromoPage, Record<PromoCategory, readonly Row[]>> = {
  hentai: {
    girl: [
      ['red_coat', '570d45c3-303b-456a-9166-74c1323b8639', 'anime_modern', 7101],
      ['cafe_reader', '0dddf66e-b3ef-45c3-98f2-69547bc78db0', 'anime_pastel', 7102],
      ['promenade', 'e9842827-b580-43a4-86c6-0ea6d7548c13', 'anime_painterly', 7103, true],
      ['lanterns', '291483ee-551c-4f5c-9e5e-aa358f38b26a', 'anime_classic', 7104],
    ],
    man: [
      ['rooftop', '9dfa8288-86ef-4ad5-8a37-79a12fcfc5ed', 'anime_3d', 7201],
      ['fireplace', '4474c932-79e5-4578-8e62-bec107924415', 'anime_classic', 7202],
      ['neon_rain', 'cf77948c-5e5f-4ac0-9a6c-77976bea0bb6', 'anime_modern', 7203, true],
      ['cliff', '211ae105-1a03-4294-b9f2-06b1e60ccb96', 'manga_ink', 7204],
    ],
    fetish: [
      ['raincoat', 'ed6462ce-a5b3-4d49-8f19-50239430a54c', 'anime_modern', 7301],
      ['evening_gown', 'fb5a42db-835b-4911-b4d8-ad65f3f184e0', 'anime_painterly', 7302, true],
      ['boots', '61a0971d-b36d-4f2e-a7a5-b50d8fe59ef9', 'anime_3d', 7303],
      ['masquerade', 'b163c62c-00f7-4b72-a509-456a5c68ac72', 'anime_pastel', 7304],
    ],
    furry: [
      ['fox', 'd8f6505e-c44f-4ba4-9b47-4d32e87a157f', 'anime_classic', 7401],
      ['wolf', '57c8ba4b-80af-40b8-ac0d-28e778834215', 'anime_painterly', 7402],
      ['cat', 'bb3199a0-db58-4309-9c97-a8de0d2ee94a', 'anime_pastel', 7403, true],
      ['dragon', 'fa7a4186-5cb0-437c-9d1b-e97d7abe527f', 'anime_3d', 7404],
    ],
    futanari: [
      ['warrior', '68265ec4-b807-4979-8342-594be330d5a6', 'anime_modern', 7501, true],
      ['sorceress', 'aee4c57c-9c43-4fb0-b0fc-9c6fa8bbd7e9', 'anime_painterly', 7502],
      ['ranger', '30b11903-97c2-4647-bf40-e15c13689aa6', 'manga_ink', 7503],
      ['queen', '52a7d0e6-ba12-43b8-b3fb-0021947f5ac2', 'anime_classic', 7504],
    ],
  },
  realistic: {
    girl: [
      ['red_coat', 'fb53913f-3495-44f4-b21a-1286e0844c90', 'photo_natural', 8101],
      ['cafe_reader', '8beea6b9-a153-4fad-82ed-4190fc128d9b', 'photo_film', 8102],
      ['promenade', '8c1ec5a2-8d7b-4fb5-9050-d64cdd34d82c', 'photo_cinematic', 8103, true],
      ['lanterns', '777e8dda-f6a4-4fff-aeb2-f4bfed3ea72c', 'photo_studio', 8104],
    ],
    man: [
      ['rooftop', 'fc9ec7ec-0309-4c8b-83d4-2dc4ab526478', 'photo_cinematic', 8201],
      ['fireplace', '2e21ec0b-1f90-45f4-90c9-4660f6143779', 'photo_film', 8202],
      ['neon_rain', '2224091d-abf2-476f-8522-0ab8a5ad8999', 'photo_natural', 8203, true],
      ['cliff', '55540d99-a77e-4a38-bdd5-ab5625abfc23', 'realistic_painting', 8204],
    ],
    fetish: [
      ['raincoat', 'dd48fcec-c804-4bd4-a968-7855dd146678', 'photo_studio', 8301],
      ['evening_gown', 'd5436b91-27d5-43bc-ad9d-ac734ff54a61', 'photo_cinematic', 8302, true],
      ['boots', '8910cdc4-40bc-4ed0-873c-633fc5853386', 'photo_studio', 8303],
      ['masquerade', 'fac6ee1c-97a7-40b8-8dd9-53da00fe2af0', 'photo_film', 8304],
    ],
    furry: [
      ['fox', '064dfc37-6700-4c86-bb91-154dbb2e255e', 'realistic_3d', 8401],
      ['wolf', '411cb0bd-7720-4ac0-bfe6-83cbc7ea6592', 'realistic_painting', 8402],
      ['cat', 'c62baeb8-6e53-43ae-beb0-d9b7904a63c5', 'realistic_3d', 8403, true],
      ['dragon', '86c1ca10-2d94-465a-ae26-5370e0a87f06', 'realistic_painting', 8404],
    ],
    futanari: [
      ['warrior', '9fec2512-521a-43ca-92ad-d8dd5ac652f7', 'photo_cinematic', 8501, true],
      ['sorceress', '0d15d7b7-7fea-4b7f-84b4-0fda2f05a2e7', 'realistic_painting', 8502],
      ['ranger', '8c947e13-cec4-41b9-baba-a8dd58fb514e', 'photo_natural', 8503],
      ['queen', '43f20275-8640-4949-b5e1-7e7cde5a3301', 'realistic_3d', 8504],
    ],
  },
};

/** A record with one entry per key, each made by `make`. */
function recordOf<K extends string, V>(keys: readonly K[], make: (key: K) => V): Record<K, V> {
  return Object.fromEntries(keys.map((key) => [key, make(key)])) as Record<K, V>;
}

/** The samples of each page, by category, in the order the gallery shows them. */
export const PROMO_SAMPLES: Readonly<
  Record<PromoPage, Readonly<Record<PromoCategory, readonly PromoSample[]>>>
> = recordOf(PROMO_PAGES, (page) =>
  recordOf(PROMO_CATEGORIES, (category) =>
    ROWS[page][category].map(([subject, uuid, style, seed, nsfw = false]): PromoSample => ({
      uuid,
      prompt: `${subjectPrompt(category, subject)}, ${RENDERING[page]}`,
      style,
      format: 'Portrait',
      quality: 'Standard',
      seed,
      nsfw,
      description: subject,
    })),
  ),
);

/** Every promo picture, once: what the API paints at start with the guide's. */
export const PROMO_CURATED_IMAGES: readonly PromoSample[] = PROMO_PAGES.flatMap((page) =>
  PROMO_CATEGORIES.flatMap((category) => PROMO_SAMPLES[page][category]),
);
