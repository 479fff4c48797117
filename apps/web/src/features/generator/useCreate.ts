/**
 * The create button's behaviour (docs/product/generation.md#create-button, docs/product/errors.md generation
 * errors): decides with createAction, sends one txt2img request per image, and turns every error code into
 * its modal, notification or cooldown.
 */
import { moderatePrompt, randomSeed, SAFETY_WARNING } from '@mirage/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notify } from '../../ui/notice.ts';
import { ApiError, errorCode, useErrorText } from '../api/index.ts';
import { createTxt2img } from './api.ts';
import { createAction, txt2imgRequest, type CreateAction } from './createFlow.ts';
import { useGenerator } from './GeneratorContext.ts';
import { STYLES_QUERY_KEY } from '../catalogue/index.ts';
import { COOLDOWN_TICK_MS, GENERATION_ERROR_NOTICE_MS, SAFETY_NOTICE_MS } from './timing.ts';

export const RESULTS_ID = 'generator-results';

/** A clock that ticks every `tickMs` while `active`. */
export function useClock(active: boolean, tickMs: number): [number, (now: number) => void] {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), tickMs);
    return () => clearInterval(timer);
  }, [active, tickMs]);
  return [now, setNow];
}

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
  const errorText = useErrorText();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const generator = useGenerator();
  const { settings, tasks, openModal, refreshUser, update, rules } = generator;
  const running = useSyncExternalStore(tasks.subscribe, tasks.running);
  const [pending, setPending] = useState(false);
  const [cooldownUntil, setCooldownUntil] = useState<number | null>(null);
  const [now, setNow] = useClock(cooldownUntil !== null, COOLDOWN_TICK_MS);
  const cooling = cooldownUntil !== null && now < cooldownUntil;
  const action = createAction({
    settings,
    signedIn: generator.signedIn,
    user: generator.user,
    running,
    cooling,
  });

  function fail(error: unknown) {
    const code = errorCode(error);
    const data = error instanceof ApiError ? (error.data ?? {}) : {};
    const say = (message: string) => notify(message, 'error', GENERATION_ERROR_NOTICE_MS);
    switch (code) {
      case 'duplicate_task_signature':
        if (typeof data.uuid === 'string') openModal({ type: 'duplicate', uuid: data.uuid });
        else notify(t('create.already_generating'), 'info', GENERATION_ERROR_NOTICE_MS);
        return;
      case 'max_failed_task': {
        const seconds = Number(data.remaining_time);
        if (Number.isFinite(seconds) && seconds > 0) {
          const start = Date.now();
          setNow(start);
          setCooldownUntil(start + seconds * 1000);
        }
        say(errorText(code));
        return;
      }
      case 'user_pro_expired':
        refreshUser();
        openModal({ type: 'pro-expired' });
        return;
      case 'unauthorized_style':
      case 'unauthorized_modifier':
      case 'unauthorized_resource':
        refreshUser();
        openModal({ type: 'pro-required', reason: code === 'unauthorized_style' ? 'style' : 'option' });
        return;
      case 'forbidden_prompt': {
        const words = Array.isArray(data.words) ? data.words.map(String).join(', ') : '';
        const message = words ? t('create.forbidden_prompt', { words }) : errorText(code);
        // After repeated child-safety refusals the server warns before it mutes the account.
        if (data.warning === SAFETY_WARNING)
          notify(`${message} ${errorText(SAFETY_WARNING)}`, 'error', SAFETY_NOTICE_MS);
        else say(message);
        return;
      }
      case 'user_muted':
        notify(errorText(code), 'error', SAFETY_NOTICE_MS);
        return;
      case 'max_running_tasks':
        say(typeof data.max === 'number' ? t('create.max_running', { max: data.max }) : errorText(code));
        return;
      case 'validation_error':
        say(
          typeof data.field === 'string' ? t('create.invalid_field', { field: data.field }) : errorText(code),
        );
        return;
      case 'style_not_txt2img':
      case 'style_disabled':
        void queryClient.invalidateQueries({ queryKey: STYLES_QUERY_KEY });
        say(errorText(code));
        return;
      case 'user_insufficient_funds':
      case 'insufficient_token_count':
        refreshUser();
        say(errorText(code));
        return;
      default:
        say(errorText(code));
    }
  }

  async function press() {
    if (action.kind === 'no-style') return openModal({ type: 'no-style', kind: 'generate' });
    if (action.kind === 'signup') return void navigate('/account/signup?rel=create');
    if (action.kind === 'buy') return void navigate('/tickets');
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

  return { action, press, pending, running, cooldownUntil: cooling ? cooldownUntil : null, now };
}
