/**
 * Prompt moderation (spec §3, §5; DESIGN.md invariant 7): the tolerant matcher, written ages, the
 * editable moderation rules, the hard child-safety layer, and the one file of word lists they read.
 */
export * from './wordlists.ts';
export * from './normalise.ts';
export * from './ages.ts';
export * from './rules.ts';
export * from './child-safety.ts';
