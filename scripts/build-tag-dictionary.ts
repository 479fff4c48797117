// Writes the AI prompt assistant's tag dictionary (scripts/tag-dictionary/build.ts) to
// apps/api/src/features/assistant/tag-dictionary.json, formatted as the repository's Prettier settings say:
//   node --conditions=source --import tsx scripts/build-tag-dictionary.ts
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { buildTagDictionary } from './tag-dictionary/build.ts';

const OUTPUT = fileURLToPath(
  new URL('../apps/api/src/features/assistant/tag-dictionary.json', import.meta.url),
);

const { data, refused } = buildTagDictionary();
const options = (await resolveConfig(OUTPUT)) ?? {};
writeFileSync(OUTPUT, await format(JSON.stringify(data), { ...options, filepath: OUTPUT }));
console.log(
  `${data.tags.length} tags in ${data.categories.length} categories, ${data.groups.length} groups` +
    (refused.length > 0 ? `; left out by moderation: ${refused.join(', ')}` : ''),
);
