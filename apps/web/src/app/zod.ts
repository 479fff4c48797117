/**
 * The web app's `zod` (apps/web/vite.config.ts aliases the bare `zod` specifier here, for the app and the
 * workspace packages it bundles). zod v4 compiles object parsers with `new Function` unless told not to,
 * and probes for it with `Function('')` when an object schema is built: under the site's content security
 * policy (script-src without 'unsafe-eval') that probe is reported as a violation. Every module that uses
 * zod imports this one first, so `jitless` is set before any schema exists. Only chunks that hold zod load
 * this module.
 */
import { z } from 'zod/v4';

z.config({ jitless: true });

export * from 'zod/v4';
export { z, z as default };
