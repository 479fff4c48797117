/** Kysely table types of the generation catalogue (styles, boosters, presets, moderation rules). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the catalogue migration
export interface CatalogueTables {}
