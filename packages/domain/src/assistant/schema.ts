import { z } from 'zod';
import { safeText } from '../input.ts';
import { TEXT_LIMIT_POS } from '../generation/options.ts';

/**
 * The AI prompt assistant's request (docs/product/assistant.md): `POST /api/tasks/tags` and
 * `POST /api/tasks/nl_convert` both take `{input}`, the generator's positive prompt or a sentence. It is
 * trimmed, must not be empty, and is capped at the positive prompt's limit (TEXT_LIMIT_POS), since the
 * answer replaces that prompt. Control characters other than tab and line breaks are refused: a prompt
 * box cannot type them, and they would reach a language model's context verbatim.
 */
const INVALID = 'validation_error';

/** Whether a text holds a control character the assistant refuses: C0 but tab, LF and CR; DEL; C1. */
export function hasControlCharacters(text: string): boolean {
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || (code >= 0x7f && code <= 0x9f)) {
      return true;
    }
  }
  return false;
}

export const assistantBody = z.object({
  input: safeText({ error: INVALID })
    .refine((text) => !hasControlCharacters(text), { error: INVALID, abort: true })
    .trim()
    .min(1, INVALID)
    .max(TEXT_LIMIT_POS, INVALID)
    .describe(`The prompt (tags) or the sentence; trimmed, 1 to ${TEXT_LIMIT_POS} characters`),
});
export type AssistantBody = z.output<typeof assistantBody>;

/** Most tags tag completion adds to a prompt (docs/product/assistant.md#completion). */
export const ASSISTANT_MAX_ADDED_TAGS = 8;
/** Most tags a converted sentence yields (as many as an image keeps: gallery MAX_TAGS_PER_IMAGE). */
export const ASSISTANT_MAX_CONVERTED_TAGS = 40;
