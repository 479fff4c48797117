/**
 * The tweak button's behaviour (spec §4 Tweak, docs/product/generation.md#tweak): decides with
 * tweakAction, sends the inpaint (with the mask as a base64 PNG) or the conversion, follows the accepted
 * task, and turns every refusal into its notification, modal or cooldown (the generator's, shared).
 */
import type { UserSettings } from '@mirage/contract';
import {
  moderatePrompt,
  randomSeed,
  type ModerationRule,
  type TaskView,
  type TweakMode,
} from '@mirage/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notify } from '../../ui/notice.ts';
import { ApiError, errorCode, useErrorText } from '../api/index.ts';
import type { GraphicStyle } from '../catalogue/index.ts';
import {
  GENERATION_ERROR_NOTICE_MS,
  useFailureCooldown,
  useTaskRequestErrors,
  type GeneratorModal,
} from '../generator/index.ts';
import type { TaskStore } from '../task/index.ts';
import { createInpaint, createStyleConvert } from './api.ts';
import type { MaskDocument } from './mask/strokes.ts';
import { loadMaskPng } from './maskLoader.ts';
import type { TweakSettings } from './settings.ts';
import type { SourceImage } from './source.ts';
import { bytesToBase64, convertRequest, inpaintRequest, tweakAction } from './tweakFlow.ts';

/** Where the progress and the result show: a phone scrolls to it after a press. */
export const TWEAK_RESULT_ID = 'tweak-result-area';

interface SubmitOptions {
  mode: TweakMode;
  source: SourceImage | null;
  loading: boolean;
  user: UserSettings | undefined;
  settings: TweakSettings;
  update: (patch: Partial<TweakSettings>) => void;
  allStyles: readonly GraphicStyle[];
  rules: readonly ModerationRule[];
  mask: { document: MaskDocument; empty: boolean } | null;
  store: TaskStore;
  tasks: readonly TaskView[];
  follow: (taskId: string) => void;
  openModal: (modal: GeneratorModal) => void;
  refreshUser: () => void;
}

export function useTweakSubmit(options: SubmitOptions) {
  const { t } = useTranslation('tweak');
  const errorText = useErrorText();
  const navigate = useNavigate();
  const { mode, source, settings, mask, store, openModal, refreshUser } = options;
  const [pending, setPending] = useState(false);
  const cooldown = useFailureCooldown();
  const fail = useTaskRequestErrors({ openModal, refreshUser, startCooldown: cooldown.start });
  const action = tweakAction({
    mode,
    source,
    loading: options.loading,
    user: options.user,
    settings,
    styles: options.allStyles,
    maskEmpty: mask?.empty ?? true,
    tasks: options.tasks,
    cooling: cooldown.until !== null,
  });

  /** The codes only a tweak meets; the rest are the generator's (requestErrors.ts). */
  function refused(error: unknown) {
    const code = errorCode(error);
    const data = error instanceof ApiError ? (error.data ?? {}) : {};
    if (code === 'max_running_tasks' && data.kind === 'tweak') {
      notify(t('notice.one_at_a_time'), 'error', GENERATION_ERROR_NOTICE_MS);
      return;
    }
    if (code === 'validation_error' && data.field === 'mask') {
      notify(t('notice.bad_mask'), 'error', GENERATION_ERROR_NOTICE_MS);
      return;
    }
    fail(error);
  }

  async function send(): Promise<{
    task_id: string;
    seed: number;
    cost: number;
    paid_with_daily: boolean;
  } | null> {
    if (!source) return null;
    // Forbidden words go before sending, as the prompt boxes do (docs/product/moderation.md#rules), and a
    // locked seed without a value gets one, as on /create.
    const moderation = moderatePrompt(settings, options.rules);
    const seed = settings.seedLock ? (settings.seed ?? randomSeed()) : settings.seed;
    const ready = {
      ...settings,
      prompt: moderation.cleanedPrompt,
      neg_prompt: moderation.cleanedNegPrompt,
      seed,
    };
    if (moderation.forbidden.length > 0 || seed !== settings.seed) {
      options.update({ prompt: ready.prompt, neg_prompt: ready.neg_prompt, seed });
    }
    if (mode === 'style_convert') {
      if (ready.targetStyleId === null) return null;
      return createStyleConvert(
        convertRequest({ ...ready, targetStyleId: ready.targetStyleId }, source.uuid),
        ready.fastLane,
      );
    }
    if (!mask) return null;
    const { maskToPngBytes } = await loadMaskPng();
    const png = bytesToBase64(await maskToPngBytes(mask.document));
    return createInpaint(inpaintRequest(ready, source.uuid, png), ready.fastLane);
  }

  async function press() {
    if (pending) return;
    switch (action.kind) {
      case 'blocked':
        return;
      case 'no-style':
        return openModal({ type: 'no-style', kind: 'generate' });
      case 'buy':
        return void navigate('/tickets');
      case 'empty-mask':
        // Spec §4: an empty mask is said, and nothing is sent.
        notify(errorText('empty_tweak_mask'), 'error', GENERATION_ERROR_NOTICE_MS);
        return;
      case 'tweak':
        break;
    }
    setPending(true);
    try {
      const answer = await send();
      if (!answer || !source) return;
      store.accepted(answer, { source_img: source.uuid, fastLane: settings.fastLane }, new Date(), mode);
      options.follow(answer.task_id);
      refreshUser();
      if (window.matchMedia('(max-width: 1023px)').matches) {
        const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
        document
          .getElementById(TWEAK_RESULT_ID)
          ?.scrollIntoView({ behavior: smooth ? 'smooth' : 'auto', block: 'start' });
      }
    } catch (error) {
      refused(error);
    } finally {
      setPending(false);
    }
  }

  return { action, press, pending, cooldownUntil: cooldown.until, now: cooldown.now };
}
