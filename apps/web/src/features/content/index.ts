export { contentKey, useContent } from './useContent.ts';
export { list, object, text, type Json } from './json.ts';
