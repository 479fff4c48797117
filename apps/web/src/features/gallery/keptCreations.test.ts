import { finalSize, TASK_STATE } from '@mirage/domain';
import { describe, expect, it } from 'vitest';
import { taskView } from '../../testing/taskView.ts';
import { keptCreationCards } from './keptCreations.ts';

const OWNER = { id: 7, username: 'harbourmaster' };
const settings = (extra: Record<string, unknown> = {}) => ({
  prompt: 'a lighthouse at dusk, harbour, fog',
  format: 'Wide',
  quality: 'High',
  style_id: 3,
  private: false,
  ...extra,
});
const done = (id: string, created: string, extra: Parameters<typeof taskView>[2] = {}) =>
  taskView(id, TASK_STATE.Done, {
    image_uuid: `image-${id}`,
    blurhash: 'LEHV6nWB2yk8pyo0adR*.7kCMdnj',
    created_at: created,
    genType: 'txt2img',
    settings: settings(),
    ...extra,
  });

describe('the kept cards of /creations', () => {
  it("make a card of each finished task's image, newest first, with what the task tells", () => {
    const cards = keptCreationCards(
      [
        done('old', '2026-11-27T10:00:00.000Z'),
        done('new', '2026-11-28T10:00:00.000Z', { settings: settings({ private: true, format: 'Square' }) }),
      ],
      OWNER,
    );
    expect(cards.map((card) => card.uuid)).toEqual(['image-new', 'image-old']);
    expect(cards[0]).toMatchObject({
      user_id: 7,
      username: 'harbourmaster',
      ...finalSize('Square', 'High'),
      is_private: true,
      main_tags: ['a lighthouse at dusk', 'harbour', 'fog'],
      thumbnail_src: '/images/image-new-min.webp',
      image_src: '/images/image-new.webp',
      style_id: 3,
      gen_type: 'txt2img',
    });
    expect(cards[1]).toMatchObject({ ...finalSize('Wide', 'High'), is_private: false });
  });

  it('leave out what has no image of its own: running, failed, upscales, unknown sizes, repeats', () => {
    const tasks = [
      taskView('running', TASK_STATE.Generate, { settings: settings() }),
      done('failed', '2026-11-28T09:00:00.000Z', { state: TASK_STATE.Fail }),
      done('upscale', '2026-11-28T09:01:00.000Z', { genType: 'upscale' }),
      done('odd', '2026-11-28T09:02:00.000Z', { settings: settings({ format: 'Panorama' }) }),
      done('kept', '2026-11-28T09:03:00.000Z'),
      done('again', '2026-11-28T09:04:00.000Z', { image_uuid: 'image-kept' }),
    ];
    expect(keptCreationCards(tasks, OWNER).map((card) => card.uuid)).toEqual(['image-kept']);
  });
});
