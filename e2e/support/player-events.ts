import type { Page } from 'playwright-core';
import { until } from './app.ts';

/**
 * Helpers of the player's specs: the player and the bell as the API tells them (the page's session), and
 * images made through the real generation path (POST /api/tasks/txt2img, the local preview worker, the
 * task's `task.done` event, the player projector) faster than through the generator's form: a level needs
 * 13 images' worth of XP (130 for level 1: the first day's 10, then 10 an image).
 */

export interface PlayerView {
  level: number;
  xp_progress: number;
  xp_required: number;
  xp_total: number;
  image_generated: number;
  reward_tokens: number;
}

/** GET /api/player/me with the page's session. */
export async function playerOf(page: Page, baseUrl: string): Promise<PlayerView> {
  const response = await page.request.get(`${baseUrl}/api/player/me`);
  if (!response.ok()) throw new Error(`GET /api/player/me: ${response.status()}`);
  return (await response.json()) as PlayerView;
}

/** The bell's counts (the headers of GET /api/notifications). */
export async function bellCountsOf(
  page: Page,
  baseUrl: string,
): Promise<{ newNotifications: number; newRewards: number }> {
  const response = await page.request.get(`${baseUrl}/api/notifications?page=0&size=10`);
  if (!response.ok()) throw new Error(`GET /api/notifications: ${response.status()}`);
  const headers = response.headers();
  return {
    newNotifications: Number(headers['x-total-new-notifications'] ?? 0),
    newRewards: Number(headers['x-total-new-rewards'] ?? 0),
  };
}

/** Waits until the first day's streak has been counted (the sign-in's `user.signed_in_day` event). */
export async function firstDayCounted(page: Page, baseUrl: string): Promise<PlayerView> {
  return until(
    "the first day's XP",
    () => playerOf(page, baseUrl),
    (player) => player.xp_total > 0,
  );
}

/**
 * Generates `count` images one after another through the API (Free users run one task at a time), in the
 * free style `styleId`, each waited for until the player counts it (its XP is applied).
 */
export async function generateThroughApi(
  page: Page,
  baseUrl: string,
  styleId: number,
  count: number,
): Promise<PlayerView> {
  let player = await playerOf(page, baseUrl);
  for (let index = 0; index < count; index += 1) {
    const made = player.image_generated;
    const response = await page.request.post(`${baseUrl}/api/tasks/txt2img`, {
      data: {
        prompt: 'a lighthouse at dusk, harbour',
        neg_prompt: 'blurry',
        style_id: styleId,
        seed: index + 1,
      },
      headers: { origin: baseUrl },
    });
    if (!response.ok()) throw new Error(`txt2img: ${response.status()} ${await response.text()}`);
    player = await until(
      `image ${index + 1} of ${count} counted`,
      () => playerOf(page, baseUrl),
      (view) => view.image_generated > made,
      60_000,
    );
  }
  return player;
}
