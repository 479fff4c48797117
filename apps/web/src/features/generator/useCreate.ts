/**
 * The create button's behaviour (docs/product/generation.md#create-button, docs/product/errors.md generation
 * errors): decides with createAction, sends one txt2img request per image, and turns every error code into
 * its modal, notification or cooldown (requestErrors.ts).
 */
import { ASSISTANT_BLOCK_NOTICE_MS, moderatePrompt, randomSeed } from '@mirage/domain';
import { useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notify } from '../../ui/notice.ts';
import { useSuggestionBlocksCreate } from '../assistant/index.ts';
import { createTxt2img } from './api.ts';
import { createAction, txt2imgRequest, type CreateAction } from './createFlow.ts';
import { useGenerator } from './GeneratorContext.ts';
import { useFailureCooldown, useTaskRequestErrors } from './requestErrors.ts';

export const RESULTS_ID = 'generator-results';

export interface CreateState {
  action: CreateAction;
  press: () => Promise<void>;
  pending: boolean;
  running: number;
  /** Seconds left of the "many failures" cooldown, or null. */
  cooldownUntil: number | null;
  now: number;
}

export function useCreate(): CreateState {
  const { t } = useTranslation('generator');
  const navigate = useNavigate();
  const generator = useGenerator();
  const { settings, tasks, openModal, refreshUser, update, rules } = generator;
  const running = useSyncExternalStore(tasks.subscribe, tasks.running);
  const [pending, setPending] = useState(false);
  const cooldown = useFailureCooldown();
  const cooling = cooldown.until !== null;
  const fail = useTaskRequestErrors({ openModal, refreshUser, startCooldown: cooldown.start });
  const suggesting = useSuggestionBlocksCreate(generator.assistant);
  const action = createAction({
    settings,
    signedIn: generator.signedIn,
    user: generator.user,
    running,
    cooling,
    suggesting,
  });

  async function press() {
    if (action.kind === 'no-style') return openModal({ type: 'no-style', kind: 'generate' });
    if (action.kind === 'signup') return void navigate('/account/signup?rel=create');
    if (action.kind === 'buy') return void navigate('/tickets');
    if (action.kind === 'assistant') {
      notify(t('notice.ai_autocompletion_block_gen'), 'info', ASSISTANT_BLOCK_NOTICE_MS);
      return;
    }
    if (action.kind === 'wait' || pending || settings.style_id === null) return;

    // The server refuses forbidden words: remove them first, as the prompt boxes do
    // (docs/product/moderation.md#rules).
    const moderation = moderatePrompt(settings, rules);
    const seed = settings.seedLock ? (settings.seed ?? randomSeed()) : settings.seed;
    const ready = {
      ...settings,
      style_id: settings.style_id,
      prompt: moderation.cleanedPrompt,
      neg_prompt: moderation.cleanedNegPrompt,
      seed,
    };
    if (moderation.forbidden.length > 0 || seed !== settings.seed) {
      update({ prompt: ready.prompt, neg_prompt: ready.neg_prompt, seed });
    }
    const body = txt2imgRequest(ready);
    setPending(true);
    try {
      for (let copy = 0; copy < action.count; copy++) {
        const answer = await createTxt2img(body, settings.fastLane);
        tasks.accepted(answer, { ...body, fastLane: settings.fastLane }, new Date());
        refreshUser();
        if (copy === 0 && window.matchMedia('(max-width: 1023px)').matches) {
          const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
          document
            .getElementById(RESULTS_ID)
            ?.scrollIntoView({ behavior: smooth ? 'smooth' : 'auto', block: 'start' });
        }
      }
    } catch (error) {
      fail(error);
    } finally {
      setPending(false);
    }
  }

  return { action, press, pending, running, cooldownUntil: cooldown.until, now: cooldown.now };
}
