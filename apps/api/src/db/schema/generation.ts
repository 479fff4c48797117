/** Kysely table types of tasks, the queue, workers and images. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the generation migration
export interface GenerationTables {}
