/**
 * The AI prompt assistant's rules (docs/product/assistant.md): its request schema, the tag dictionary's
 * index, tag completion, live co-occurrence and the built-in natural language → tags converter. Pure:
 * the dictionary data and the language model live in the API (features/assistant).
 */
export * from './schema.ts';
export { lemmaKey, phraseKey, STOP_WORDS, wordsOf } from './words.ts';
export * from './dictionary.ts';
export * from './cooccurrence.ts';
export * from './convert.ts';
export * from './complete.ts';
