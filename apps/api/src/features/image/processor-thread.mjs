// Entry of an image-processing thread when the API runs from its TypeScript source (dev:api, tests,
// benches; the compiled product starts dist/.../processor-thread.js instead, see processor.ts). Worker
// threads do not inherit the TypeScript loader, so this plain module registers it before loading the code.
import { register } from 'tsx/esm/api';

register();
await import(new URL('./processor-thread.ts', import.meta.url).href);
