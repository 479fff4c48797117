export * from './tags.ts';
export * from './main-tags.ts';
export * from './search.ts';
export * from './prompt.ts';
export * from './visibility.ts';
