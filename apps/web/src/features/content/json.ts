/**
 * Small readers for a long-form document's parsed JSON: each checks one value and names where it failed
 * ("about.team.members[1].role: not a text"), so a malformed translation fails loudly in the content tests
 * rather than rendering half a page.
 */
export type Json = Record<string, unknown>;

export function object(value: unknown, at: string): Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new Error(`${at}: not an object`);
  return value as Json;
}

export function text(parent: Json, key: string, at: string): string {
  const value = parent[key];
  if (typeof value !== 'string' || value.trim() === '') throw new Error(`${at}.${key}: not a text`);
  return value;
}

export function list<T>(parent: Json, key: string, at: string, read: (item: unknown, at: string) => T): T[] {
  const value = parent[key];
  if (!Array.isArray(value) || value.length === 0) throw new Error(`${at}.${key}: not a list`);
  return value.map((item, index) => read(item, `${at}.${key}[${index}]`));
}
