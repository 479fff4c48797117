/**
 * Prompt moderation (docs/product/moderation.md#rules, invariant 7 in docs/architecture.md#invariants):
 * normalising and tokenising (text.ts), the tolerant matcher (terms.ts), written ages (ages.ts), the editable
 * moderation rules (rules.ts), the hard child-safety layer (child-safety.ts and its parts), and the one file
 * of word lists they read. Images have one rule of their own: the image-side safety check's (image-safety.ts).
 */
export * from './wordlists.ts';
export { foldText, prepareText, type FoldedText, type PreparedText, type Span } from './text.ts';
export { containsAny, findTerms, withoutOverlaps, type TermMatch } from './terms.ts';
export * from './cleanup.ts';
export { findAges, parseCjkNumber, type AgeMatch, type AgeUnit } from './ages.ts';
export { findAdulthood } from './adulthood.ts';
export { emphasisOf, weightOf, type Emphasis } from './emphasis.ts';
export { findMinorMarkers, type MinorMarker, type MinorMarkerReason } from './minor-markers.ts';
export * from './rules.ts';
export * from './rule-schema.ts';
export * from './rule-words.ts';
export * from './child-safety.ts';
export * from './strikes.ts';
export * from './image-safety.ts';
