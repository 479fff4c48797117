/**
 * What a refused task request shows (docs/product/errors.md generation errors), shared by the create button
 * and the tweak studio: each code's modal, notification or "many failures" cooldown.
 */
import { SAFETY_WARNING } from '@mirage/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../ui/notice.ts';
import { ApiError, errorCode, useErrorText } from '../api/index.ts';
import { STYLES_QUERY_KEY } from '../catalogue/index.ts';
import type { GeneratorModal } from './GeneratorContext.ts';
import { COOLDOWN_TICK_MS, GENERATION_ERROR_NOTICE_MS, SAFETY_NOTICE_MS } from './timing.ts';

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

export interface FailureCooldown {
  /** When the cooldown ends (ms since the epoch), or null when there is none (or it is over). */
  until: number | null;
  /** The clock the countdown is drawn from, ticking every COOLDOWN_TICK_MS while cooling. */
  now: number;
  /** Starts a cooldown of `seconds` (max_failed_task's data.remaining_time). */
  start: (seconds: number) => void;
}

/**
 * docs/product/generation.md#failure-cooldown: after max_failed_task the button stays disabled and counts
 * down, ticking every 1,010 ms.
 */
export function useFailureCooldown(): FailureCooldown {
  const [until, setUntil] = useState<number | null>(null);
  const [now, setNow] = useClock(until !== null, COOLDOWN_TICK_MS);
  const start = useCallback(
    (seconds: number) => {
      const begin = Date.now();
      setNow(begin);
      setUntil(begin + seconds * 1000);
    },
    [setNow],
  );
  return { until: until !== null && now < until ? until : null, now, start };
}

export interface RequestErrorOptions {
  openModal: (modal: GeneratorModal) => void;
  refreshUser: () => void;
  startCooldown: (seconds: number) => void;
}

/** Turns a refused task request into what the user sees; codes of one page's own go first, to `own`. */
export function useTaskRequestErrors({ openModal, refreshUser, startCooldown }: RequestErrorOptions) {
  const { t } = useTranslation('generator');
  const errorText = useErrorText();
  const queryClient = useQueryClient();

  return useCallback(
    (error: unknown) => {
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
          if (Number.isFinite(seconds) && seconds > 0) startCooldown(seconds);
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
            typeof data.field === 'string'
              ? t('create.invalid_field', { field: data.field })
              : errorText(code),
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
    },
    [errorText, openModal, queryClient, refreshUser, startCooldown, t],
  );
}
