// Entry of an image-processing thread (processor.ts). Worker threads do not inherit the TypeScript
// loader the API runs under, so this plain module registers it before loading the thread's code.
import { register } from 'tsx/esm/api';

register();
await import(new URL('./processor-thread.ts', import.meta.url).href);
