export * from './tags.ts';
export * from './search.ts';
