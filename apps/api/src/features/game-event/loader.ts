import { readFile } from 'node:fs/promises';
import { gameEventFile } from '@mirage/domain';
import { GameEventLoadError, type GameEventRepository } from './repository.ts';

/**
 * Loads an operator's events file (docs/operations.md#game-events) into the database, all or nothing:
 * a file that is not JSON, breaks a rule of @mirage/domain gameEventDefinition, marks an image that is not
 * public, or has overlapping events, is refused with every problem listed (GameEventLoadError).
 */
export async function loadGameEventFile(events: GameEventRepository, file: string): Promise<number> {
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new GameEventLoadError([`${file}: ${error instanceof Error ? error.message : String(error)}`]);
  }
  const parsed = gameEventFile.safeParse(raw);
  if (!parsed.success) {
    throw new GameEventLoadError(
      parsed.error.issues.map((issue) => `${file}: ${issue.path.join('.') || '(file)'}: ${issue.message}`),
    );
  }
  await events.load(parsed.data.events);
  return parsed.data.events.length;
}
