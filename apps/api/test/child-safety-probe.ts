/**
 * Minimal probes for the child-safety refusal through the API, built from neutral scaffolding plus an
 * age under 18 — the domain's own tests cover the word lists. No sexual text is needed: on this service
 * any explicit minor indicator is refused outright.
 */
export const CHILD_SAFETY_TEST_TERMS: [field: 'prompt' | 'neg_prompt', text: string][] = [
  ['prompt', 'portrait of a person, 12 years old'],
  ['prompt', 'portrait of a person, twelve-year-old'],
  ['neg_prompt', 'blurry, adult'],
];
