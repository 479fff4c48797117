/**
 * The create button (docs/product/generation.md#create-button): what a press does, decided from the
 * generator's state, and the request body it sends. Pure, so the order of the rules is tested without a
 * browser.
 */
import type { UserSettings } from '@mirage/contract';
import {
  capabilitiesFor,
  chooseBalance,
  effectivePlan,
  generationCost,
  type BalanceField,
  type GeneratorSettings,
  type Plan,
} from '@mirage/domain';
import type { Txt2imgBody } from './api.ts';

export type CreateAction =
  /** 1. No style chosen: the NoStyleSelected modal. */
  | { kind: 'no-style' }
  /** 2. A guest: /account/signup?rel=create. */
  | { kind: 'signup' }
  /** 4. Not enough tickets (or energy): the button reads "Buy tickets" and opens /tickets. */
  | { kind: 'buy' }
  /**
   * 5. An AI prompt suggestion is pending or shown and not yet accepted or reverted: notification
   * ai_autocompletion_block_gen, nothing is sent (docs/product/generation.md#ai-prompt-assistant).
   */
  | { kind: 'assistant' }
  /** 6. A cooldown after repeated failures, or the plan's limit of running tasks: nothing happens. */
  | { kind: 'wait'; reason: 'cooldown' | 'limit' | 'loading' }
  /** 3. Generate `count` images, one request each. */
  | { kind: 'generate'; count: number };

export interface CreateInput {
  settings: GeneratorSettings;
  signedIn: boolean;
  /** Undefined while GET /api/user/me is loading. */
  user: UserSettings | undefined;
  running: number;
  cooling: boolean;
  /** Whether the AI prompt assistant has a suggestion pending or on screen (features/assistant). */
  suggesting?: boolean;
  now?: Date;
}

/** The plan whose rules the generator applies: the account's effective plan, Free for guests. */
export function planOf(user: UserSettings | undefined, now: Date = new Date()): Plan {
  return user ? effectivePlan(user, now) : 0;
}

/**
 * Which balance pays one image, or null when neither suffices
 * (docs/product/pricing-and-plans.md#which-balance-pays ticket sufficiency).
 */
export function payingBalance(user: UserSettings, cost: number, now: Date = new Date()): BalanceField | null {
  return chooseBalance(user, cost, now).balance;
}

export function createAction(input: CreateInput): CreateAction {
  const { settings, signedIn, user } = input;
  if (settings.style_id === null) return { kind: 'no-style' };
  if (!signedIn) return { kind: 'signup' };
  // Before the balance and the task limit: the prompt about to be sent is not settled yet.
  if (input.suggesting) return { kind: 'assistant' };
  if (!user) return { kind: 'wait', reason: 'loading' };
  if (input.cooling) return { kind: 'wait', reason: 'cooldown' };
  const plan = planOf(user, input.now);
  const cost = generationCost(settings, plan);
  if (payingBalance(user, cost, input.now) === null) return { kind: 'buy' };
  const free = capabilitiesFor(plan).maxConcurrentTasks - input.running;
  if (free <= 0) return { kind: 'wait', reason: 'limit' };
  return { kind: 'generate', count: Math.max(1, Math.min(settings.multiGeneration, free)) };
}

/**
 * The txt2img body (docs/product/generation.md#tasks: the generator prompt without fastLane and seedLock,
 * with seed). Prompts are trimmed (docs/product/generation.md#settings). The seed is sent only while it is
 * locked; unlocked, each copy gets a seed from the server.
 */
export function txt2imgRequest(settings: GeneratorSettings & { style_id: number }): Txt2imgBody {
  const body: Txt2imgBody = {
    prompt: settings.prompt.trim(),
    neg_prompt: settings.neg_prompt.trim(),
    upscale: settings.upscale,
    quality: settings.quality,
    format: settings.format,
    watermark: settings.watermark,
    private: settings.private,
    style_id: settings.style_id,
    creativity: settings.creativity,
    modifiers: settings.modifiers.map(({ id, weight }) => ({ id, weight })),
    slow_mode: settings.slow_mode,
    less_nsfw: settings.less_nsfw,
    automatic_face_restore: settings.automatic_face_restore,
  };
  if (settings.seedLock && settings.seed !== null) body.seed = settings.seed;
  return body;
}

/** "hh:mm:ss" for the countdown to the daily reset. */
export function formatClock({
  hours,
  minutes,
  seconds,
}: {
  hours: number;
  minutes: number;
  seconds: number;
}) {
  const two = (value: number) => String(value).padStart(2, '0');
  return `${two(hours)}:${two(minutes)}:${two(seconds)}`;
}

/**
 * Seconds left of a cooldown, with 2 decimals (docs/product/generation.md#create-button: "seconds countdown
 * with 2 decimals").
 */
export function cooldownSeconds(until: number, now: number): string {
  return (Math.max(0, until - now) / 1000).toFixed(2);
}
