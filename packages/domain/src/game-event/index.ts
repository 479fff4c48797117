/** Game events (docs/product/player.md#events): the rules, and the operator's file format. */
export * from './rules.ts';
export * from './definition.ts';
