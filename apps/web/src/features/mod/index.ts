/** The moderation console (/mod, docs/product/moderation-console.md): staff only, loaded with its route. */
export { ModConsole } from './ModConsole.tsx';
