/**
 * The catalogue's query keys, apart from its queries so that start-up (app/boot.ts) can put the answers the
 * page was served with into the cache without bringing the catalogue's calls into every page's first load.
 */
export const STYLES_QUERY_KEY = ['catalogue', 'styles'] as const;
export const MODIFIERS_QUERY_KEY = ['catalogue', 'modifiers'] as const;
