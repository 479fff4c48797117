import { afterAll } from 'vitest';
import { closeSharedChromium } from './browser.ts';

// Runs in every browser spec file: the file's one Chromium goes away with the file.
afterAll(async () => {
  await closeSharedChromium();
});
