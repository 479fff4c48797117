export * from './perceptual-hash.ts';
export * from './check.ts';
