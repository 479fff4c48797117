/**
 * /creations at once after a reload, and offline (issue 17; spec §3 local persistence): until the board's
 * first page arrives, or when it cannot, the images of the user's recent tasks kept in the browser (the
 * generator writes them: features/task localGenerations.ts) stand in for it, newest first. The server's
 * page replaces them as soon as it answers.
 */
import {
  finalSize,
  FORMATS,
  mainTags,
  promptTags,
  QUALITIES,
  TASK_STATE,
  type Format,
  type Quality,
  type TaskView,
} from '@mirage/domain';
import { useEffect, useState } from 'react';
import { loadLocalGenerations } from '../task/index.ts';
import type { GalleryCard } from './api.ts';

/** Task types whose image is a new one of the user's (an upscale replaces an existing image's file). */
const NEW_IMAGE_TYPES = new Set(['txt2img', 'style_convert', 'inpaint']);

const isFormat = (value: unknown): value is Format => FORMATS.includes(value as Format);
const isQuality = (value: unknown): value is Quality => QUALITIES.includes(value as Quality);

/**
 * The cards of the finished tasks among `tasks`, newest first, one per image. Only what a task
 * tells is known: its size from its format and quality (a task without them is left out), its main tags
 * from its prompt, its privacy from its settings; the rest (favourite, upscaled) waits for the server.
 */
export function keptCreationCards(
  tasks: readonly TaskView[],
  owner: { id: number; username: string },
): GalleryCard[] {
  const seen = new Set<string>();
  const cards: GalleryCard[] = [];
  const newestFirst = [...tasks].sort((a, b) => b.created_at.localeCompare(a.created_at));
  for (const task of newestFirst) {
    const uuid = task.image_uuid;
    const { format, quality, prompt, style_id, private: isPrivate } = task.settings;
    if (task.state !== TASK_STATE.Done || uuid === null || seen.has(uuid)) continue;
    if (!NEW_IMAGE_TYPES.has(task.genType) || !isFormat(format) || !isQuality(quality)) continue;
    seen.add(uuid);
    const size = finalSize(format, quality);
    cards.push({
      id: 0,
      uuid,
      user_id: owner.id,
      username: owner.username,
      width: size.width,
      height: size.height,
      blurhash: task.blurhash ?? '',
      style_id: typeof style_id === 'number' ? style_id : null,
      format,
      render: null,
      gen_type: task.genType,
      is_private: isPrivate === true,
      is_favorite: false,
      upscaled: false,
      nsfw: false,
      // As the server derives them (the image's prompt tags, in prompt order).
      main_tags: typeof prompt === 'string' ? mainTags(promptTags(prompt).join(',')) : [],
      created_at: task.created_at,
      thumbnail_src: `/images/${uuid}-min.webp`,
      image_src: `/images/${uuid}.webp`,
    });
  }
  return cards;
}

/** The kept cards of `owner` (none while they load, for no owner, or where the browser keeps nothing). */
export function useKeptCreations(owner: { id: number; username: string } | undefined): GalleryCard[] {
  const [cards, setCards] = useState<GalleryCard[]>([]);
  const id = owner?.id;
  const username = owner?.username;
  useEffect(() => {
    if (id === undefined || username === undefined) return;
    let cancelled = false;
    loadLocalGenerations()
      .then(({ keptTasks }) => keptTasks(id))
      .then((tasks) => {
        if (!cancelled) setCards(keptCreationCards(tasks, { id, username }));
      })
      // A failed chunk load (offline, a new version) leaves the board as it is.
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [id, username]);
  return cards;
}
