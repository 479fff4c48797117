import { PROMPT_LIB_MAX, PROMPT_MAX_STYLES, PROMPT_MAX_TAGS } from '@mirage/domain';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { notify } from '../../ui/notice.ts';
import { Switch } from '../../ui/Switch.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { errorCode, useErrorText } from '../api/index.ts';
import {
  nameProblem,
  searchProblem,
  suggestName,
  toSaveBody,
  type NameProblem,
  type PromptSearch,
} from './model.ts';
import { useSavePrompt } from './queries.ts';
import { StyleCount } from './StyleCount.tsx';
import { TagChips } from './TagChips.tsx';
import styles from './Prompt.module.css';

export interface SavePromptDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The gallery search to save (its tags and styles; empty styles: every style). */
  search: PromptSearch;
  /** Called with the new prompt's id once it is saved (the dialog closes itself). */
  onSaved?: (id: number) => void;
}

/**
 * Saves the current gallery search as a named prompt (docs/product/collections-and-prompts.md#saved-prompts,
 * POST /api/prompt/save): a name (required, trimmed, at most PROMPT_LIB_MAX characters), "share with the
 * community", and the tags and styles it keeps. Errors show in the dialog; success closes it with a notice.
 */
export function SavePromptDialog({ open, onOpenChange, search, onSaved }: SavePromptDialogProps) {
  const { t } = useTranslation('prompt');
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('save.title')}
      description={t('save.description')}
      testId="save-prompt-dialog"
    >
      {/* Mounted only while open, so that each opening starts from the current search. */}
      <SaveForm search={search} onClose={() => onOpenChange(false)} onSaved={onSaved} />
    </Dialog>
  );
}

function SaveForm({
  search,
  onClose,
  onSaved,
}: {
  search: PromptSearch;
  onClose: () => void;
  onSaved?: (id: number) => void;
}) {
  const { t } = useTranslation('prompt');
  const errorText = useErrorText();
  const switchLabelId = useId();
  const switchHintId = useId();
  const [name, setName] = useState(() => suggestName(search));
  const [isPublic, setIsPublic] = useState(false);
  const selected = useRef(false);
  const [nameError, setNameError] = useState<NameProblem | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const save = useSavePrompt();
  const problem = searchProblem(search);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (problem || save.isPending) return;
    const invalid = nameProblem(name);
    setNameError(invalid);
    setServerError(null);
    if (invalid) {
      event.currentTarget.querySelector('input')?.focus();
      return;
    }
    const body = toSaveBody(search, name, isPublic);
    save.mutate(body, {
      onSuccess: ({ id }) => {
        onClose();
        notify(t(isPublic ? 'save.saved_public' : 'save.saved', { name: body.lib }), 'success');
        onSaved?.(id);
      },
      // E.g. saved_prompts_limit_exceeded: shown above the buttons, translated.
      onError: (caught) => setServerError(errorCode(caught)),
    });
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <TextField
        label={t('save.name_label')}
        value={name}
        maxLength={PROMPT_LIB_MAX}
        autoComplete="off"
        // The dialog opens to name the search; the suggested name is selected, ready to be replaced.
        autoFocus
        onFocus={(event) => {
          if (selected.current) return;
          selected.current = true;
          event.currentTarget.select();
        }}
        onChange={(event) => {
          setName(event.target.value);
          setNameError(null);
        }}
        error={nameError ? t(`save.${nameError}`, { max: PROMPT_LIB_MAX }) : null}
        hint={t('save.name_hint', { length: name.trim().length, max: PROMPT_LIB_MAX })}
        testId="save-prompt-name"
      />

      <section className={styles.summary} aria-labelledby={`${switchLabelId}-summary`}>
        <h3 id={`${switchLabelId}-summary`} className={styles.summaryTitle}>
          {t('save.summary')}
        </h3>
        <TagChips tags={search} />
        <p className={styles.meta} data-testid="save-prompt-styles">
          <StyleCount count={search.styles.length} />
        </p>
      </section>

      <div className={styles.toggleRow}>
        <div className={styles.toggleText}>
          <span id={switchLabelId} className={styles.toggleLabel}>
            {t('save.public_label')}
          </span>
          <span id={switchHintId} className={styles.toggleHint}>
            {t('save.public_hint')}
          </span>
        </div>
        <Switch
          checked={isPublic}
          onCheckedChange={setIsPublic}
          aria-labelledby={switchLabelId}
          aria-describedby={switchHintId}
          testId="save-prompt-public"
        />
      </div>

      {problem && (
        <Alert tone="info" testId="save-prompt-problem">
          {t(`save.${problem}`, { max: problem === 'too_many_styles' ? PROMPT_MAX_STYLES : PROMPT_MAX_TAGS })}
        </Alert>
      )}
      {serverError && <Alert testId="save-prompt-error">{errorText(serverError)}</Alert>}

      <div className={styles.buttons}>
        <Button variant="ghost" onClick={onClose} data-testid="save-prompt-cancel">
          {t('save.cancel')}
        </Button>
        <Button
          type="submit"
          variant="primary"
          disabled={problem !== null}
          pending={save.isPending}
          data-testid="save-prompt-submit"
        >
          {t('save.submit')}
        </Button>
      </div>
    </form>
  );
}
