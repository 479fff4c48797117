import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MINOR_TERMS } from '@mirage/domain';
import { describe, expect, it } from 'vitest';

const assets = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist/assets');

/**
 * The server enforces child safety; shipping its word lists to browsers would hand evaders the list.
 * `npm test` builds the web app first, so this checks the bundle users actually get.
 */
describe.skipIf(!existsSync(assets))('web bundle', () => {
  it('contains none of the child-safety word lists', () => {
    const code = readdirSync(assets)
      .filter((file) => file.endsWith('.js'))
      .map((file) => readFileSync(path.join(assets, file), 'utf8'))
      .join('\n');
    // "children" is also React's prop name, and "minors" is plain prose of the content policy (the guide,
    // the terms, the 18+ statement: "no minors, ever"), so neither can tell the lists apart.
    const prose = new Set(['children', 'minors']);
    const distinctive = MINOR_TERMS.filter(
      (term) => term.length >= 6 && /^[a-z]+$/.test(term) && !prose.has(term),
    );
    expect(distinctive.length).toBeGreaterThan(5);
    const leaked = distinctive.filter((term) => code.includes(term));
    expect(leaked).toEqual([]);
  });
});
