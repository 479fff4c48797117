import { Fragment, useEffect, useId, useMemo, useRef, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../ui/Button.tsx';
import { SparkleIcon } from '../../ui/icons.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import type { AssistantAction, AssistantSnapshot, AssistantStore } from './assistantStore.ts';
import { diffPrompt } from './promptDiff.ts';
import styles from './PromptAssistant.module.css';

/** The panel's id, for the toggle's aria-controls: one generator per page has the assistant. */
const PANEL_ID = 'prompt-assistant';

/** Where a guest who presses an action goes: the login page, told it came from the generator. */
export const ASSISTANT_SIGNIN_PATH = '/account/signin?rel=create';

export function useAssistantState(store: AssistantStore): AssistantSnapshot {
  return useSyncExternalStore(store.subscribe, store.snapshot);
}

/** Whether a suggestion is pending or shown (Create waits meanwhile); false without an assistant. */
export function useSuggestionBlocksCreate(store: AssistantStore | undefined): boolean {
  return useSyncExternalStore(
    (listener) => store?.subscribe(listener) ?? (() => {}),
    () => store?.blocksCreate() ?? false,
  );
}

/**
 * The "AI assistant" toggle beside the prompt's label (docs/product/generation.md#ai-prompt-assistant):
 * shown while the prompt has text, it shows or hides the assistant's two actions.
 */
export function AssistantToggle({ store, prompt }: { store: AssistantStore; prompt: string }) {
  const { t } = useTranslation('assistant');
  const state = useAssistantState(store);
  if (prompt.trim() === '' && state.phase === 'idle') return null;
  return (
    <button
      type="button"
      className={styles.toggle}
      aria-expanded={state.open}
      aria-controls={state.open ? PANEL_ID : undefined}
      onClick={() => store.setOpen(!state.open)}
      data-testid="assistant-toggle"
    >
      <SparkleIcon size={14} />
      {t('toggle')}
    </button>
  );
}

interface AssistantPanelProps {
  store: AssistantStore;
  prompt: string;
  signedIn: boolean;
  /** Puts an accepted suggestion in the prompt (the generator saves it with its other settings). */
  onAccept: (suggestion: string) => void;
}

/**
 * Under the prompt: "Complete with tags" and "Sentence to tags" (disabled for 5.2 s after each use), a
 * pending line while the assistant writes, then the suggestion as a preview with Accept and Revert.
 * Guests are sent to sign in. Failures end the pending state without a word (the store decides).
 */
export function AssistantPanel({ store, prompt, signedIn, onAccept }: AssistantPanelProps) {
  const { t } = useTranslation('assistant');
  const navigate = useNavigate();
  const state = useAssistantState(store);

  // The prompt changed by other means (a preset, "Add all", a forbidden word removed): the pending
  // request or the preview no longer matches it.
  const original = state.phase === 'idle' ? null : state.original;
  useEffect(() => {
    if (original !== null && prompt !== original) store.revert();
  }, [original, prompt, store]);

  if (state.phase === 'idle' && !(state.open && prompt.trim() !== '')) return null;

  const press = (action: AssistantAction) => {
    if (!signedIn) return void navigate(ASSISTANT_SIGNIN_PATH);
    store.run(action, prompt);
  };
  const disabled = state.locked || state.phase !== 'idle';

  return (
    <div id={PANEL_ID} className={styles.panel} data-phase={state.phase} data-testid="assistant-panel">
      <div className={styles.actions} role="group" aria-label={t('label')}>
        <Button
          size="sm"
          variant="outline"
          disabled={disabled}
          title={t('complete_hint')}
          onClick={() => press('complete')}
          data-testid="assistant-complete"
        >
          {t('complete')}
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={disabled}
          title={t('convert_hint')}
          onClick={() => press('convert')}
          data-testid="assistant-convert"
        >
          {t('convert')}
        </Button>
        {state.phase === 'pending' && (
          <span className={styles.pending} role="status" data-testid="assistant-pending">
            <Spinner size={14} />
            {t('pending')}
            <button
              type="button"
              className={styles.linkButton}
              onClick={() => store.revert()}
              data-testid="assistant-cancel"
            >
              {t('cancel')}
            </button>
          </span>
        )}
      </div>
      {state.phase === 'preview' && (
        <SuggestionPreview
          action={state.action}
          original={state.original}
          suggestion={state.suggestion}
          onAccept={() => {
            const suggestion = store.accept();
            if (suggestion !== null) onAccept(suggestion);
          }}
          onRevert={() => store.revert()}
        />
      )}
    </div>
  );
}

interface SuggestionPreviewProps {
  action: AssistantAction;
  original: string;
  suggestion: string;
  onAccept: () => void;
  onRevert: () => void;
}

/** The suggestion, tag by tag: new tags highlighted, dropped ones struck through; Accept or Revert. */
function SuggestionPreview({ action, original, suggestion, onAccept, onRevert }: SuggestionPreviewProps) {
  const { t } = useTranslation('assistant');
  const titleId = useId();
  const sectionRef = useRef<HTMLElement>(null);
  const diff = useMemo(() => diffPrompt(original, suggestion), [original, suggestion]);

  // The action button just pressed is disabled now: keyboard focus moves on to Accept, unless the user
  // has gone elsewhere meanwhile.
  useEffect(() => {
    const active = document.activeElement;
    const idle = !active || active === document.body || (active as HTMLButtonElement).disabled;
    if (idle) sectionRef.current?.querySelector<HTMLElement>('[data-accept]')?.focus({ preventScroll: true });
  }, []);

  return (
    <section
      ref={sectionRef}
      className={styles.preview}
      aria-labelledby={titleId}
      aria-live="polite"
      data-suggestion={suggestion}
      data-testid="assistant-preview"
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          onRevert();
        }
      }}
    >
      <header className={styles.previewHeader}>
        <SparkleIcon size={16} />
        <h3 id={titleId} className={styles.previewTitle}>
          {t('preview_title')}
        </h3>
        <span className={styles.badge}>{t(action === 'complete' ? 'from_complete' : 'from_convert')}</span>
      </header>
      <p className={styles.suggestion} data-testid="assistant-suggestion">
        {diff.tags.map((tag, index) => (
          <Fragment key={index}>
            {index > 0 && ', '}
            {tag.added ? <ins className={styles.added}>{tag.text}</ins> : tag.text}
          </Fragment>
        ))}
      </p>
      {diff.tags.some((tag) => tag.added) && <p className={styles.legend}>{t('legend')}</p>}
      {diff.removed.length > 0 && (
        <p className={styles.removed} data-testid="assistant-removed">
          {t('removed')}{' '}
          {diff.removed.map((text, index) => (
            <Fragment key={index}>
              {index > 0 && ', '}
              <del>{text}</del>
            </Fragment>
          ))}
        </p>
      )}
      <div className={styles.previewButtons}>
        <Button size="sm" variant="primary" onClick={onAccept} data-accept data-testid="assistant-accept">
          {t('accept')}
        </Button>
        <Button size="sm" variant="ghost" onClick={onRevert} data-testid="assistant-revert">
          {t('revert')}
        </Button>
      </div>
    </section>
  );
}
