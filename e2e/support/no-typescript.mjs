// Preloaded (`--import`) into the compiled product by compiled-product.system.ts: any module that names or
// resolves to TypeScript (a .ts file, tsx, ts-node, vite-node) throws, so a production process that still
// needs a development transpiler fails instead of quietly loading one. A plain module: it must run
// without any loader.
import { register } from 'node:module';

const hooks = `
const TYPESCRIPT = /\\.[cm]?tsx?$/;
const TRANSPILERS = /^(tsx|ts-node|vite-node)(\\/|$)/;
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  if (TRANSPILERS.test(specifier) || TYPESCRIPT.test(new URL(resolved.url).pathname)) {
    throw new Error('TypeScript in the compiled product: ' + specifier + ' (from ' + context.parentURL + ')');
  }
  return resolved;
}
`;
register(`data:text/javascript,${encodeURIComponent(hooks)}`);
