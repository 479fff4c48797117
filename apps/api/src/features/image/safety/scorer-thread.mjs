// Entry of the image safety thread when the API runs from its TypeScript source (dev:api, tests, benches;
// the compiled product starts dist/.../scorer-thread.js instead, see model-scorer.ts). Worker threads do not
// inherit the TypeScript loader, so this plain module registers it before loading the code.
import { register } from 'tsx/esm/api';

register();
await import(new URL('./scorer-thread.ts', import.meta.url).href);
