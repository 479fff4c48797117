/** The catalogue: styles, boosters, presets and prompt rules, their queries and translated names. */
export * from './api.ts';
export * from './catalogueText.ts';
export * from './queries.ts';
