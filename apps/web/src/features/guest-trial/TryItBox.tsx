import { useEffect, useEffectEvent, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TaskView } from '@mirage/domain';
import { Alert } from '../../ui/Alert.tsx';
import { Button, ButtonLink } from '../../ui/Button.tsx';
import { ArrowRightIcon, ImageIcon, SparkleIcon } from '../../ui/icons.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { useErrorText } from '../api/index.ts';
import { useCatalogueText, useStyles } from '../catalogue/index.ts';
import { AgeDialog, useAgeConfirmed } from '../gallery/index.ts';
import {
  defaultStyleId,
  freeStyles,
  refusalText,
  trialAspect,
  trialStatus,
  type TrialStyle,
} from './trial.ts';
import { useGuestTrial, type TrialRefusal } from './useGuestTrial.ts';
import styles from './TryIt.module.css';

const SIGNUP = '/account/signup';

/** The task's progress in words (the generator's own state texts), read out as it changes. */
function StatusLine({ task }: { task: TaskView }) {
  const { t } = useTranslation('generator');
  const status = trialStatus(task);
  switch (status.kind) {
    case 'queue':
      return (
        <>
          <strong>{t('results.queue')}</strong>{' '}
          <span>
            {status.position === null
              ? t('results.queue_waiting')
              : t('results.queue_position', { position: status.position })}
            {status.eta !== null && ` · ${t('results.queue_eta', { seconds: status.eta })}`}
          </span>
        </>
      );
    case 'generate':
      return (
        <>
          <strong>{t('results.generate')}</strong>{' '}
          {status.max > 0 && <span>{t('results.step', { step: status.step, max: status.max })}</span>}
        </>
      );
    case 'done':
      return <strong>{t('results.done')}</strong>;
    case 'failed':
      return <strong>{t('results.failed')}</strong>;
    case 'finishing':
      return <strong>{t('results.finishing')}</strong>;
  }
}

/** The frame on the right: empty, the task's progress (preview and bar), or the image with the sign-up call. */
function Result({ task, loading }: { task: TaskView | null; loading: boolean }) {
  const { t } = useTranslation('landing');
  const status = task ? trialStatus(task) : null;
  const prompt = typeof task?.settings.prompt === 'string' ? task.settings.prompt : '';
  const progress =
    status?.kind === 'generate' && status.max > 0 ? Math.round((status.step / status.max) * 100) : null;

  return (
    <div className={styles.result}>
      <div
        className={styles.frame}
        style={{ aspectRatio: trialAspect(task?.settings) }}
        data-testid="try-it-frame"
        data-state={status?.kind ?? 'empty'}
      >
        {status?.kind === 'done' ? (
          <img
            className={styles.image}
            src={`/images/${status.imageUuid}.webp`}
            alt={t('try_it.image_alt', { prompt })}
            data-testid="try-it-image"
          />
        ) : task ? (
          <>
            {task.preview && (
              <img className={styles.image} src={`data:image/jpeg;base64,${task.preview}`} alt="" />
            )}
            {status?.kind !== 'failed' && (
              <div className={styles.overlay}>
                <Spinner size={28} />
                {progress !== null && (
                  <div
                    className={styles.progress}
                    role="progressbar"
                    aria-label={t('try_it.progress')}
                    aria-valuemin={0}
                    aria-valuemax={100}
                    aria-valuenow={progress}
                  >
                    <span style={{ width: `${progress}%` }} />
                  </div>
                )}
              </div>
            )}
          </>
        ) : (
          <div className={styles.empty}>
            {loading ? <Spinner size={24} /> : <ImageIcon size={32} />}
            <span>{loading ? t('try_it.loading') : t('try_it.empty')}</span>
          </div>
        )}
      </div>
      {/* Announced as it changes: queue position, steps, then done or failed. */}
      <p className={styles.status} aria-live="polite" data-testid="try-it-status">
        {task && <StatusLine task={task} />}
      </p>
      {status?.kind === 'failed' && <p className={styles.hint}>{t('try_it.failed')}</p>}
      {status?.kind === 'done' && (
        <div className={styles.keep} data-testid="try-it-keep">
          <ButtonLink to={SIGNUP} variant="primary" size="lg" block data-testid="try-it-signup">
            {t('try_it.keep')}
            <ArrowRightIcon size={18} />
          </ButtonLink>
          <p className={styles.hint}>
            {t('try_it.keep_note')}{' '}
            <Link to="/account/signin" className={styles.textLink}>
              {t('try_it.signin')}
            </Link>
          </p>
        </div>
      )}
    </div>
  );
}

function RefusalAlert({ refusal }: { refusal: TrialRefusal }) {
  const { t } = useTranslation('landing');
  const errorText = useErrorText();
  const text = refusalText(refusal.code, refusal.data);
  const limit = refusal.code === 'guest_limit_reached';
  return (
    <Alert testId="try-it-error">
      {text.ns === 'landing' ? t(text.key as 'try_it.limit_daily') : errorText(text.key)}
      {limit && (
        <>
          {' '}
          <Link to={SIGNUP} className={styles.textLink}>
            {t('try_it.signup')}
          </Link>
        </>
      )}
    </Alert>
  );
}

/**
 * The guest trial's "try it" box (docs/product/generation.md#guest-trial) on the landing and promo pages:
 * a prompt, a free style, Make; the 18+ confirmation first if not given (the gallery's, kept in local
 * storage); then the task's progress from the guest monitor and the image, with the call to sign up to
 * keep it. Loaded lazily by TryIt.tsx: the pages' chunks stay within the web budget.
 */
export default function TryItBox({ render }: { render?: TrialStyle['render'] }) {
  const { t } = useTranslation('landing');
  const names = useCatalogueText();
  const { data: allStyles } = useStyles();
  const offered = useMemo(() => freeStyles(allStyles), [allStyles]);
  const [prompt, setPrompt] = useState('');
  const [chosen, setChosen] = useState<number | null>(null);
  const [missingPrompt, setMissingPrompt] = useState(false);
  const [askingAge, setAskingAge] = useState(false);
  /** Make was pressed before the 18+ answer: it goes on once the dialog closes, if the answer was yes. */
  const makeAfterAnswer = useRef(false);
  const adult = useAgeConfirmed();
  const trial = useGuestTrial(true);
  const promptId = useId();
  const styleId = chosen ?? defaultStyleId(offered, render);
  // One task at a time: Make waits while the trial's task runs (a second one is then refused as the limit).
  const running = trial.task !== null && !['done', 'failed'].includes(trialStatus(trial.task).kind);
  const busy = trial.sending || running;

  const send = () => {
    if (styleId !== null) void trial.make(prompt, styleId);
  };

  // The gallery's dialog stores the answer and closes: the first render after it decides (`adult` is fresh).
  const sendAfterAnswer = useEffectEvent(send);
  useEffect(() => {
    if (askingAge || !makeAfterAnswer.current) return;
    makeAfterAnswer.current = false;
    if (adult) sendAfterAnswer();
  }, [askingAge, adult]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (prompt.trim() === '') {
      setMissingPrompt(true);
      return;
    }
    setMissingPrompt(false);
    if (adult) {
      send();
      return;
    }
    makeAfterAnswer.current = true;
    setAskingAge(true);
  };

  return (
    <div className={styles.box} data-testid="try-it" data-has-task={trial.task !== null}>
      <form className={styles.form} onSubmit={submit} noValidate>
        <label className={styles.label} htmlFor={promptId}>
          {t('try_it.prompt_label')}
        </label>
        <textarea
          id={promptId}
          className={styles.textarea}
          value={prompt}
          onChange={(event) => {
            setPrompt(event.target.value);
            if (missingPrompt) setMissingPrompt(false);
          }}
          placeholder={t('try_it.placeholder')}
          rows={3}
          maxLength={1000}
          aria-invalid={missingPrompt || undefined}
          aria-describedby={missingPrompt ? `${promptId}-missing` : undefined}
          data-testid="try-it-prompt"
        />
        {missingPrompt && (
          <p id={`${promptId}-missing`} className={styles.fieldError} role="alert">
            {t('try_it.prompt_missing')}
          </p>
        )}
        {offered.length > 0 && (
          <fieldset className={styles.styles}>
            <legend className={styles.label}>{t('try_it.style_label')}</legend>
            <div className={styles.styleList}>
              {offered.map((style) => (
                <label key={style.id} className={styles.style} data-testid={`try-it-style-${style.id}`}>
                  <input
                    type="radio"
                    name={`${promptId}-style`}
                    value={style.id}
                    checked={style.id === styleId}
                    onChange={() => setChosen(style.id)}
                    className="visually-hidden"
                  />
                  <img src={style.preview} alt="" width={44} height={60} loading="lazy" decoding="async" />
                  <span>{names.style(style.lib)}</span>
                </label>
              ))}
            </div>
          </fieldset>
        )}
        <Button
          type="submit"
          variant="primary"
          size="lg"
          block
          pending={trial.sending}
          disabled={busy || styleId === null}
          data-testid="try-it-make"
        >
          <SparkleIcon size={20} />
          {t('try_it.make')}
        </Button>
        {trial.refusal && <RefusalAlert refusal={trial.refusal} />}
        <p className={styles.hint}>{t('try_it.terms')}</p>
      </form>
      <Result task={trial.task} loading={trial.loading} />
      <AgeDialog open={askingAge} onClose={() => setAskingAge(false)} />
    </div>
  );
}
