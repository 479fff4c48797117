/**
 * Error codes the generation rules return, as plain strings so this folder does not depend on the
 * catalogue in ../errors.ts (owned elsewhere). All are docs/product/errors.md codes or the existing
 * `validation_error`; the API turns them into `{"detail":{"code","data"}}` with the status from ERROR_STATUS.
 */
export const GENERATION_ERROR_CODES = [
  'validation_error',
  'unauthorized_resource',
  'unauthorized_style',
  'unauthorized_modifier',
  'style_not_txt2img',
  'style_disabled',
  'user_pro_expired',
  'user_insufficient_funds',
  'insufficient_token_count',
  'duplicate_task_signature',
  'image_no_gen_data',
  'convert_same_style',
  'convert_realistic_source',
  'empty_tweak_mask',
] as const;
export type GenerationErrorCode = (typeof GENERATION_ERROR_CODES)[number];

export interface GenerationRuleError {
  code: GenerationErrorCode;
  data?: Record<string, unknown>;
}
