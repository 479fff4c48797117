import {
  convertBody,
  fastLaneQuery,
  inpaintBody,
  LIVE_EVENT,
  PIPELINE_STEPS,
  STEP_STATUSES,
  txt2imgBody,
  type LiveEventData,
  type TaskView,
} from '@mirage/domain';
import { z } from 'zod';
import { operation, sameType, type Same } from './define.ts';

/** A task as the client sees it (docs/product/generation.md#tasks): the stream's `tasks` event carries these. */
export const taskView = z
  .object({
    task_id: z.uuid(),
    state: z.number().int().describe('A TASK_STATE number (docs/product/generation.md#tasks)'),
    queued: z.boolean(),
    completed: z.boolean(),
    position: z.number().int().nullable().describe('1 = next in line; null when not queued'),
    eta_seconds: z.number().nullable(),
    step: z.number().int(),
    max_step: z.number().int(),
    tasks: z
      .array(z.object({ name: z.enum(PIPELINE_STEPS), state: z.enum(STEP_STATUSES) }))
      .describe(
        'The pipeline steps the task goes through, in order, each pending, running, done or failed ' +
          '(docs/product/generation.md#pipeline-steps); step / max_step count the running engine step',
      ),
    preview: z.string().nullable().describe('A base64 JPEG while generating'),
    image_uuid: z.uuid().nullable(),
    model: z
      .string()
      .nullable()
      .describe("A checkpoint file, or 'preview-renderer' for the built-in renderer"),
    blurhash: z.string().nullable(),
    seed: z.number().int(),
    cost: z.number().int(),
    paid_with_daily: z.boolean(),
    refunded: z.boolean(),
    error: z.string().nullable(),
    created_at: z.string(),
    genType: z.string(),
    settings: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'TaskView' });
// The API builds, and the web reads, the domain's TaskView: this schema must describe exactly that.
sameType<Same<z.output<typeof taskView>, TaskView>>();

export const taskAccepted = z
  .object({
    task_id: z.uuid(),
    cost: z.number().int().describe('Tickets charged (0 when paid with the daily energy)'),
    paid_with_daily: z.boolean(),
  })
  .describe('The task is queued; follow it on GET /api/events (or /api/tasks/monitor)');

const imageUuid = z.object({ uuid: z.uuid({ error: 'image_not_found' }) });

/** The events of the live streams, in the document (their `data` is JSON). */
export const liveEvents = {
  [LIVE_EVENT.tasks]: z.array(taskView),
  [LIVE_EVENT.balance]: z.object({}).describe('Balances changed: read GET /api/user/me again'),
  [LIVE_EVENT.notification]: z.object({ id: z.string() }),
  [LIVE_EVENT.player]: z.object({}).describe('The player changed: read GET /api/player/me again'),
  [LIVE_EVENT.unauthorized]: z.object({ code: z.literal('token_invalid') }),
};
sameType<Same<{ [K in keyof typeof liveEvents]: z.output<(typeof liveEvents)[K]> }, LiveEventData>>();

const eventStream = (events: readonly (keyof typeof liveEvents)[]) => ({
  description:
    'Server-sent events (text/event-stream). Each event has a name and JSON data: ' +
    events.map((name) => `\`${name}\``).join(', ') +
    '. The server sends a comment line as a heartbeat; after `unauthorized` it ends the stream.',
  content: {
    'text/event-stream': {
      schema: z
        .object(Object.fromEntries(events.map((name) => [name, liveEvents[name]])))
        .describe("Each property is an event's name and the schema of its JSON `data`"),
    },
  },
});

export const createTxt2img = operation('createTxt2img', {
  tag: 'generation',
  summary: 'Generate an image from a prompt',
  description:
    'Queues a text-to-image task for the signed-in user, paid with the daily energy when it covers the ' +
    'cost, otherwise with tickets. `fastlane=true` pays extra to go ahead of the free lane.',
  body: txt2imgBody,
  querystring: fastLaneQuery,
  responses: {
    200: taskAccepted
      .extend({ seed: z.number().int().describe('The seed the image is made with (drawn when not sent)') })
      .describe('The task is queued; follow it on GET /api/events (or /api/tasks/monitor)'),
  },
  errors: [
    'user_insufficient_funds',
    'insufficient_token_count',
    'duplicate_task_signature',
    'max_failed_task',
    'max_running_tasks',
    'forbidden_prompt',
    'style_not_txt2img',
    'style_disabled',
    'unauthorized_style',
    'unauthorized_modifier',
    'unauthorized_resource',
    'user_pro_expired',
    'user_muted',
    'user_not_found',
    'spam_protection',
  ],
});

/** The guest trial's body: the txt2img body and the 18+ confirmation (DECISIONS.md "Guests and the client"). */
export const guestTxt2imgBody = txt2imgBody.extend({
  age_confirmed: z
    .boolean()
    .optional()
    .describe('Must be true: the visitor confirmed being 18 or older (else age_confirmation_required)'),
});

export const createGuestTxt2img = operation('createGuestTxt2img', {
  tag: 'generation',
  summary: 'Try one image as a guest',
  description:
    'The guest trial: one image a UTC day per browser and per address, within an hourly budget for all ' +
    'guests. Standard quality, free styles, no boosters, watermark on, private, lowest lane, free. Sets ' +
    'the httpOnly `mirage_guest` cookie (24 h) that alone can see the task (GET /api/tasks/guest) and ' +
    'its image file; a sign-up or sign-in in the same browser moves the image into that account.',
  body: guestTxt2imgBody,
  responses: {
    200: taskAccepted
      .extend({ seed: z.number().int().describe('The seed the image is made with (drawn when not sent)') })
      .describe('The task is queued; follow it on GET /api/tasks/guest'),
  },
  errors: [
    'age_confirmation_required',
    'guest_limit_reached',
    'duplicate_task_signature',
    'max_failed_task',
    'max_running_tasks',
    'forbidden_prompt',
    'style_not_txt2img',
    'style_disabled',
    'unauthorized_style',
    'unauthorized_modifier',
    'unauthorized_resource',
    'user_muted',
    'user_not_found',
    'spam_protection',
  ],
});

export const listGuestTasks = operation('listGuestTasks', {
  tag: 'generation',
  summary: "The guest trial's tasks",
  description:
    "The tasks of this browser's guest session (the `mirage_guest` cookie), newest first, as the live " +
    'stream shows them; empty without a session. The finished image is at /images/{image_uuid}.webp for ' +
    'this browser only.',
  responses: { 200: z.object({ tasks: z.array(taskView) }).describe("The guest session's tasks") },
  errors: [],
});

export const createUpscale = operation('createUpscale', {
  tag: 'generation',
  summary: 'Upscale one of your images',
  description: 'Queues a ×2 upscale of an image the signed-in user made; an image is upscaled once.',
  params: imageUuid,
  querystring: fastLaneQuery,
  responses: { 200: taskAccepted },
  errors: [
    'image_not_found',
    'already_upscaled',
    'user_insufficient_funds',
    'insufficient_token_count',
    'duplicate_task_signature',
    'max_failed_task',
    'max_running_tasks',
    'user_muted',
    'user_not_found',
    'spam_protection',
  ],
});

/** The refusals both tweak calls share (docs/product/generation.md#tweak). */
const TWEAK_ERRORS = [
  'image_not_found',
  'image_no_gen_data',
  'user_insufficient_funds',
  'insufficient_token_count',
  'max_failed_task',
  'max_running_tasks',
  'forbidden_prompt',
  'style_disabled',
  'unauthorized_style',
  'user_pro_expired',
  'user_muted',
  'user_not_found',
  'spam_protection',
] as const;

const tweakAccepted = taskAccepted
  .extend({ seed: z.number().int().describe('The seed the image is redrawn with (drawn when not sent)') })
  .describe('The task is queued; follow it on GET /api/events (or /api/tasks/monitor)');

export const createInpaint = operation('createInpaint', {
  tag: 'generation',
  summary: 'Redraw the painted part of an image',
  description:
    "Queues an inpaint of `source_img` (the caller's own image or a public one): the part white in " +
    "`mask` (a PNG, base64, at the source's size or the same aspect ratio) is redrawn from the prompt, " +
    'at the strength `inpaint_type` (0.3 to 1). One tweak runs at a time. `fastlane=true` pays extra to ' +
    'go ahead.',
  body: inpaintBody,
  querystring: fastLaneQuery,
  responses: { 200: tweakAccepted },
  errors: [
    ...TWEAK_ERRORS,
    'empty_tweak_mask',
    'unauthorized_modifier',
    'unauthorized_resource',
    'style_not_txt2img',
  ],
});

export const createStyleConvert = operation('createStyleConvert', {
  tag: 'generation',
  summary: 'Redraw an image in another style',
  description:
    'Queues a style conversion of `source_img` into `target_style` (Pro): the same picture, redrawn. A ' +
    'realistic render cannot be converted, nor an image into its own style. One tweak runs at a time.',
  body: convertBody,
  querystring: fastLaneQuery,
  responses: { 200: tweakAccepted },
  errors: [...TWEAK_ERRORS, 'convert_same_style', 'convert_realistic_source'],
});

export const streamTaskMonitor = operation('streamTaskMonitor', {
  tag: 'live',
  summary: "Follow your tasks' progress",
  description:
    "The signed-in user's live stream limited to their tasks: a snapshot of recent tasks, then each change.",
  responses: { 200: eventStream(['tasks', 'unauthorized']) },
  errors: ['spam_protection'],
});

export const streamGuestTasks = operation('streamGuestTasks', {
  tag: 'live',
  summary: "Follow the guest trial's task",
  description:
    "The guest session's (the `mirage_guest` cookie) tasks on the live stream, as /api/tasks/monitor " +
    'shows a signed-in user theirs; `unauthorized` once the session expired or was handed to an account.',
  responses: { 200: eventStream(['tasks', 'unauthorized']) },
  errors: ['token_missing', 'spam_protection'],
});

export const streamEvents = operation('streamEvents', {
  tag: 'live',
  summary: 'Follow everything that changes for you',
  description:
    "The signed-in user's one live stream: tasks, balance changes, notifications and player changes (XP, " +
    'level, streak), as they happen.',
  responses: { 200: eventStream(['tasks', 'balance', 'notification', 'player', 'unauthorized']) },
  errors: ['spam_protection'],
});

export const generationOperations = {
  createTxt2img,
  createGuestTxt2img,
  listGuestTasks,
  createUpscale,
  createInpaint,
  createStyleConvert,
  streamTaskMonitor,
  streamGuestTasks,
  streamEvents,
};
