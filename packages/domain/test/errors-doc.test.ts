import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ERROR_STATUS } from '../src/errors.ts';

const DOC = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'docs', 'product', 'errors.md');

/** The rows of the generated table: code -> HTTP status as the document states it. */
function documentedStatuses(): Map<string, number> {
  const rows = new Map<string, number>();
  for (const match of readFileSync(DOC, 'utf8').matchAll(/^\| `([a-z0-9_]+)`\s*\| (\d{3})\s*\|/gm)) {
    rows.set(match[1]!, Number(match[2]));
  }
  return rows;
}

describe('docs/product/errors.md (regenerate: node scripts/generate-error-docs.mjs)', () => {
  it('lists every code of the catalogue with its HTTP status, and no other code', () => {
    const documented = Object.fromEntries(documentedStatuses());
    expect(documented).toEqual({ ...ERROR_STATUS });
  });
});
