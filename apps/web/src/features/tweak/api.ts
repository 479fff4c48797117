/** Calls of the tweak studio (docs/product/generation.md#tweak): the two tweak requests. */
import { call } from '../api/index.ts';
import type { ConvertRequest, InpaintRequest } from './tweakFlow.ts';

const fastLaneQuery = (fastLane: boolean) => ({
  fastlane: fastLane ? ('true' as const) : ('false' as const),
});

/** POST /api/tasks/img2img/inpaint?fastlane */
export const createInpaint = (body: InpaintRequest, fastLane: boolean) =>
  call('createInpaint', { body, query: fastLaneQuery(fastLane) });

/** POST /api/tasks/img2img/convert?fastlane (Pro) */
export const createStyleConvert = (body: ConvertRequest, fastLane: boolean) =>
  call('createStyleConvert', { body, query: fastLaneQuery(fastLane) });
