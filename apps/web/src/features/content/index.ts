export { contentKey, useContent } from './useContent.ts';
