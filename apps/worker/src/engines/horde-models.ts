/**
 * The table from our checkpoint files to AI Horde model names (HORDE_MODELS, docs/engines.md#ai-horde).
 *
 * Our styles name their own checkpoint files (mirage-photo-v4.safetensors); the Horde serves models by the
 * names of its model reference ("AlbedoBase XL (SDXL)"). Which Horde model stands in for which of our
 * checkpoints is the operator's choice, so the table is configuration, in one of two forms:
 *
 * - `file=Horde name` pairs separated by commas or new lines (the short form, for names without commas);
 * - a JSON object `{"file": "Horde name"}` (any name).
 *
 * The table's keys are the checkpoints the worker declares: the API offers it only the jobs whose
 * checkpoint has an entry.
 */

export type HordeModelMap = Readonly<Record<string, string>>;

/** Parses HORDE_MODELS; throws an Error naming the first problem (the worker then refuses to start). */
export function parseModelMap(text: string): HordeModelMap {
  const trimmed = text.trim();
  const entries = trimmed.startsWith('{') ? jsonEntries(trimmed) : pairEntries(trimmed);
  const map: Record<string, string> = {};
  for (const [checkpoint, model] of entries) {
    if (checkpoint === '' || model === '') {
      throw new Error(`HORDE_MODELS: empty checkpoint or model name in "${checkpoint}=${model}"`);
    }
    if (Object.hasOwn(map, checkpoint)) throw new Error(`HORDE_MODELS: ${checkpoint} is mapped twice`);
    map[checkpoint] = model;
  }
  if (Object.keys(map).length === 0) throw new Error('HORDE_MODELS: no checkpoint is mapped');
  return map;
}

function jsonEntries(text: string): [string, string][] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    throw new Error(`HORDE_MODELS: not valid JSON (${(err as Error).message})`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new Error('HORDE_MODELS: the JSON form is an object {"checkpoint file": "Horde model name"}');
  }
  return Object.entries(parsed).map(([checkpoint, model]) => {
    if (typeof model !== 'string')
      throw new Error(`HORDE_MODELS: the model of ${checkpoint} is not a string`);
    return [checkpoint.trim(), model.trim()];
  });
}

function pairEntries(text: string): [string, string][] {
  return text
    .split(/[,\n]/)
    .map((item) => item.trim())
    .filter((item) => item !== '')
    .map((item) => {
      const at = item.indexOf('=');
      if (at === -1) throw new Error(`HORDE_MODELS: "${item}" is not checkpoint=model`);
      return [item.slice(0, at).trim(), item.slice(at + 1).trim()];
    });
}
