export * from './tags.ts';
export * from './main-tags.ts';
export * from './search.ts';
export * from './search-schema.ts';
export * from './prompt.ts';
export * from './prompt-schema.ts';
export * from './visibility.ts';
