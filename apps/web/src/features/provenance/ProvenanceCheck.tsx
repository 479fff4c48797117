import { legalPagePath } from '@mirage/domain/legal';
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { AlertIcon, ImageIcon, ShieldIcon, SparkleIcon } from '../../ui/icons.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { errorCode, useErrorText } from '../api/index.ts';
import { checkImage } from './api.ts';
import { fileProblem, resultView, UPLOAD_MAX_MB, type ProvenanceAnswer } from './result.ts';
import styles from './ProvenanceCheck.module.css';

type State =
  | { step: 'idle' }
  | { step: 'checking' }
  | { step: 'done'; answer: ProvenanceAnswer }
  | { step: 'failed'; message: string };

/**
 * /provenance (issue 18 §2; docs/architecture/provenance.md#provenance-check): anybody chooses or drops
 * an image and learns whether it was made here, and how that is known. The chosen picture shows beside the
 * answer (a local preview: it is sent to the check, never stored).
 */
export function ProvenanceCheck() {
  const { t } = useTranslation('pages');
  const errorText = useErrorText();
  const inputId = useId();
  const [state, setState] = useState<State>({ step: 'idle' });
  const [preview, setPreview] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const request = useRef<AbortController | null>(null);

  const outcome = useRef<HTMLElement | null>(null);
  useEffect(() => () => request.current?.abort(), []);
  // The answer shows where the drop zone was: on a phone that is below the fold, so bring it into view.
  useEffect(() => {
    if (state.step === 'checking' || state.step === 'done')
      outcome.current?.scrollIntoView({ block: 'start' });
  }, [state.step]);
  useEffect(() => (preview ? () => URL.revokeObjectURL(preview) : undefined), [preview]);

  const check = (file: File | undefined) => {
    if (!file) return;
    request.current?.abort();
    const problem = fileProblem(file);
    if (problem) {
      setPreview(null);
      setState({ step: 'failed', message: t(`provenance.${problem}`, { size: UPLOAD_MAX_MB }) });
      return;
    }
    setPreview(URL.createObjectURL(file));
    setState({ step: 'checking' });
    const controller = new AbortController();
    request.current = controller;
    checkImage(file, controller.signal).then(
      (answer) => setState({ step: 'done', answer }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ step: 'failed', message: errorText(errorCode(error)) });
      },
    );
  };

  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    check(event.dataTransfer.files[0]);
  };
  const reset = () => {
    request.current?.abort();
    setPreview(null);
    setState({ step: 'idle' });
  };

  return (
    <div className={styles.page} data-testid="provenance-page">
      <header className={styles.hero}>
        <p className={styles.eyebrow}>
          <ShieldIcon size={16} />
          {t('provenance.eyebrow')}
        </p>
        <h1 className={styles.title}>{t('provenance.heading')}</h1>
        <p className={styles.lead}>{t('provenance.lead')}</p>
      </header>

      {state.step === 'idle' || state.step === 'failed' ? (
        <section
          className={styles.drop}
          data-dragging={dragging}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          data-testid="provenance-drop"
        >
          <ImageIcon size={36} />
          <label htmlFor={inputId} className={styles.choose}>
            {t('provenance.choose')}
          </label>
          <input
            id={inputId}
            type="file"
            accept="image/*"
            className="visually-hidden"
            onChange={(event) => {
              check(event.target.files?.[0]);
              event.target.value = '';
            }}
            data-testid="provenance-input"
          />
          <p className={styles.hint}>
            {t('provenance.drop')} · {t('provenance.formats', { size: UPLOAD_MAX_MB })}
          </p>
          {state.step === 'failed' && (
            <Alert testId="provenance-error" className={styles.alert}>
              {state.message}
            </Alert>
          )}
        </section>
      ) : (
        <section
          ref={outcome}
          className={styles.outcome}
          aria-live="polite"
          aria-busy={state.step === 'checking'}
        >
          {preview && <img className={styles.preview} src={preview} alt={t('provenance.preview_alt')} />}
          {state.step === 'checking' ? (
            <div className={styles.checking} role="status">
              <Spinner size={24} />
              {t('provenance.checking')}
            </div>
          ) : (
            <Result answer={state.answer} onAgain={reset} />
          )}
        </section>
      )}

      <section className={styles.how}>
        <h2 className={styles.howTitle}>{t('provenance.how_title')}</h2>
        <p>{t('provenance.how_text')}</p>
        <p>
          <Link to={legalPagePath('dmca')} className={styles.link}>
            {t('provenance.report')}
          </Link>
        </p>
      </section>
    </div>
  );
}

function Result({ answer, onAgain }: { answer: ProvenanceAnswer; onAgain: () => void }) {
  const { t } = useTranslation('pages');
  const view = resultView(answer);
  return (
    <div className={styles.result} data-made={view.made} data-testid="provenance-result">
      <h2 className={styles.resultTitle}>
        {view.made ? <SparkleIcon size={22} /> : <AlertIcon size={22} />}
        {t(`provenance.${view.title}`)}
      </h2>
      {view.evidence && <p data-testid="provenance-evidence">{t(`provenance.${view.evidence}`)}</p>}
      {view.text && <p className={styles.muted}>{t(`provenance.${view.text}`)}</p>}
      {view.image && (
        <Link to={`/image/${view.image.uuid}`} className={styles.found} data-testid="provenance-image">
          <img src={view.image.thumbnail_src} alt="" className={styles.foundThumb} />
          <span>{t('provenance.open')}</span>
        </Link>
      )}
      <div className={styles.actions}>
        <Button variant="outline" onClick={onAgain} data-testid="provenance-again">
          {t('provenance.again')}
        </Button>
      </div>
    </div>
  );
}
