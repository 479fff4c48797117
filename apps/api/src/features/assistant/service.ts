import {
  appendTags,
  checkChildSafety,
  completeTags,
  findRuleWords,
  moderatePrompt,
  MODERATION_RULE_TYPE,
  naturalLanguageToTags,
  SAFETY_WARNING,
  type ModerationRule,
  type TagIndex,
} from '@mirage/domain';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../errors.ts';
import type { ModerationService } from '../moderation/index.ts';
import type { Limit, RateLimiter } from '../rate-limit/index.ts';
import { ChatError, type ChatClient } from './chat-client.ts';
import type { LiveCooccurrence } from './cooccurrence.ts';
import { conversionMessages, tagsFromAnswer } from './model-prompt.ts';

/**
 * The AI prompt assistant (docs/product/assistant.md): tag completion and natural language → tags for
 * signed-in users. Both run the same way: the per-user limit, the mute, the child-safety layer on what
 * the user sent (a refusal is a strike, as for txt2img), then the answer, which is moderated again
 * before it leaves: the rules' forbidden words are cut out of it, and a child-safety hit in it refuses
 * the call (`forbidden_prompt`, no strike: the user did not write those words).
 */

/**
 * Calls per user: the web locks its buttons 5.2 s after each use (about 11 a minute), so 20 a minute
 * leaves room for two tabs while bounding what one account can cost (a language model call each).
 */
export const ASSISTANT_LIMIT: Limit = { max: 20, windowMs: 60_000 };
/** Sampling for conversion: low, for faithful tags rather than inventive ones. */
const MODEL_SETTINGS = { temperature: 0.2, maxTokens: 300 };

export interface AssistantServiceDeps {
  limiter: RateLimiter;
  moderation: ModerationService;
  loadModerationRules: () => Promise<readonly ModerationRule[]>;
  loadTagIndex: () => Promise<TagIndex>;
  cooccurrence: LiveCooccurrence;
  /** The language model, when ASSISTANT_URL is set. */
  chat?: ChatClient;
  now: () => Date;
  log: FastifyBaseLogger;
}

/** The forbidden words of the rules that apply to a positive prompt. */
function forbiddenWords(rules: readonly ModerationRule[]): string[] {
  return rules
    .filter((rule) => rule.type === MODERATION_RULE_TYPE.forbidden && rule.applies_to !== 'negative')
    .flatMap((rule) => rule.words);
}

export function createAssistantService(deps: AssistantServiceDeps) {
  const { now, log } = deps;
  const safe = (prompt: string) => !checkChildSafety({ prompt }, now().getUTCFullYear()).blocked;

  /** The checks before any work: the limit, the mute, and the child-safety layer on the user's text. */
  async function admit(userId: number, input: string): Promise<void> {
    await deps.limiter.consume([`assistant:user:${userId}`, ASSISTANT_LIMIT]);
    await deps.moderation.assertNotMuted(userId);
    const safety = checkChildSafety({ prompt: input }, now().getUTCFullYear());
    if (safety.blocked) {
      const strike = await deps.moderation.recordChildSafetyStrike(userId, {
        safety,
        prompt: input,
        negPrompt: '',
      });
      if (strike.mute) throw new AppError('user_muted');
      throw new AppError('forbidden_prompt', strike.warning ? { warning: SAFETY_WARNING } : undefined);
    }
  }

  /** The answer as it may leave: forbidden words cut out, refused when the child-safety layer objects. */
  async function moderated(userId: number, output: string, source: string): Promise<string> {
    const safety = checkChildSafety({ prompt: output }, now().getUTCFullYear());
    if (safety.blocked) {
      log.warn({ userId, source, reasons: safety.reasons }, 'assistant answer refused by child safety');
      throw new AppError('forbidden_prompt');
    }
    const result = moderatePrompt({ prompt: output }, await deps.loadModerationRules());
    return result.cleanedPrompt;
  }

  /** The language model's tags, or undefined when there is none, it failed, or it said nothing usable. */
  async function modelTags(userId: number, input: string): Promise<string[] | undefined> {
    if (!deps.chat || deps.chat.isPaused()) return undefined;
    try {
      const tags = tagsFromAnswer(await deps.chat.complete(conversionMessages(input), MODEL_SETTINGS));
      if (tags.length > 0) return tags;
      log.warn({ userId }, 'assistant model answered no tags; using the built-in converter');
    } catch (error) {
      const detail =
        error instanceof ChatError
          ? { reason: error.reason, status: error.status }
          : { reason: 'unexpected', err: error };
      log.warn({ userId, ...detail }, 'assistant model failed; using the built-in converter');
    }
    return undefined;
  }

  return {
    /** POST /api/tasks/tags: the prompt followed by up to 8 related tags. */
    async completeTags(userId: number, input: string): Promise<{ output: string }> {
      await admit(userId, input);
      const index = await deps.loadTagIndex();
      const forbidden = forbiddenWords(await deps.loadModerationRules());
      const { output } = completeTags(input, index, {
        cooccurrence: deps.cooccurrence.current(),
        // A tag is added only if it is not a forbidden word and the prompt stays safe with it beside
        // the user's words (a tag harmless alone may not be next to another).
        accept: (tag, next) => findRuleWords(tag, forbidden).length === 0 && safe(next),
      });
      return { output: await moderated(userId, output, 'completion') };
    },

    /** POST /api/tasks/nl_convert: the description as tags, by the model when it answers. */
    async convertToTags(userId: number, input: string): Promise<{ output: string }> {
      await admit(userId, input);
      const fromModel = await modelTags(userId, input);
      if (fromModel) {
        const output = await moderated(userId, appendTags('', fromModel), 'model');
        if (output) return { output };
      }
      const tags = naturalLanguageToTags(input, await deps.loadTagIndex());
      return { output: await moderated(userId, appendTags('', tags), 'converter') };
    },

    /** Rebuilds the live co-occurrence now (tests; the service otherwise rebuilds it when stale). */
    refreshCooccurrence: () => deps.cooccurrence.refresh(),
  };
}
export type AssistantService = ReturnType<typeof createAssistantService>;
