import { TASK_STATE } from '@mirage/domain';
import { describe, expect, it } from 'vitest';
import type { TaskRow } from '../../db/schema/generation.ts';
import type { QueueRepository } from './queue-repository.ts';
import { createTaskViews } from './view.ts';

/** A running task of `userId`, made `minutesAgo` ago. */
function task(id: string, userId: number, minutesAgo = 0): TaskRow {
  return {
    id,
    user_id: userId,
    state: TASK_STATE.Generate,
    progress_step: 3,
    progress_max: 20,
    preview: null,
    image_id: null,
    job: { seed: 7 },
    cost: 1,
    paid_with: 'ticket',
    refunded: false,
    type: 'txt2img',
    settings: {},
    created_at: new Date(Date.UTC(2026, 10, 27, 12, 0) - minutesAgo * 60_000),
  } as unknown as TaskRow;
}

function views(rows: TaskRow[]) {
  const reads: string[][] = [];
  const read = createTaskViews({
    tasks: {
      tasksOf: (userId) => Promise.resolve(rows.filter((row) => row.user_id === userId)),
      tasksByIds: (ids) => {
        reads.push([...ids].sort());
        return Promise.resolve(rows.filter((row) => ids.includes(row.id)));
      },
    },
    queue: { position: () => Promise.resolve(undefined) } as unknown as QueueRepository,
    images: { findById: () => Promise.resolve(undefined) },
    estimate: () => Promise.resolve({ at: 0, perTaskMs: 1000, workers: 1 }),
  });
  return { read, reads };
}

describe('the live streams’ task views', () => {
  it('reads the changed tasks of every stream flushing in the same turn once, and gives each its own', async () => {
    const rows = [task('a1', 1, 2), task('a2', 1, 1), task('b1', 2)];
    const { read, reads } = views(rows);
    const [first, second, other] = await Promise.all([
      read(1, new Set(['a1', 'a2'])),
      read(1, new Set(['a2'])),
      // A stream of user 2 asking for user 1's task as well (as a forged id would) gets only its own.
      read(2, new Set(['b1', 'a1'])),
    ]);
    expect(reads).toEqual([['a1', 'a2', 'b1']]);
    // Newest first, as in a snapshot.
    expect(first.map((view) => view.task_id)).toEqual(['a2', 'a1']);
    expect(second.map((view) => view.task_id)).toEqual(['a2']);
    expect(other.map((view) => view.task_id)).toEqual(['b1']);
    expect(first[0]).toMatchObject({ step: 3, max_step: 20, seed: 7 });
  });

  it('starts a new read for a change after the batch was read', async () => {
    const { read, reads } = views([task('a1', 1), task('a2', 1)]);
    await read(1, new Set(['a1']));
    await read(1, new Set(['a2']));
    expect(reads).toEqual([['a1'], ['a2']]);
  });

  it('sends a snapshot of all the user’s tasks without a change set', async () => {
    const { read, reads } = views([task('a1', 1), task('b1', 2)]);
    expect((await read(1)).map((view) => view.task_id)).toEqual(['a1']);
    expect(reads).toEqual([]);
  });

  it('sends the progress preview as base64, whether the driver gave a Buffer or a Uint8Array (PGlite)', async () => {
    const jpegStart = [0xff, 0xd8, 0xff, 0xdb];
    for (const preview of [Buffer.from(jpegStart), new Uint8Array(jpegStart)]) {
      const { read } = views([{ ...task('a1', 1), preview } as TaskRow]);
      expect((await read(1))[0]!.preview).toBe('/9j/2w==');
    }
  });
});
