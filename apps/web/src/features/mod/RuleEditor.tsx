import { MODERATION_RULE_TYPE, MODERATION_SCOPES, type ModerationScope } from '@mirage/domain';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { noteProblem, optionalNote } from './model.ts';
import type { RuleBody, StaffRule } from './operations-api.ts';
import { parseWordList, ruleFormProblems, wordListText, type WordListProblem } from './operations-model.ts';
import { ErrorNotice, NoteField } from './shared.tsx';
import fields from './Fields.module.css';
import styles from './Mod.module.css';

type RuleType = RuleBody['type'];

/** The dialog that adds a rule (`rule` null) or changes one; `onSave` gets the body the server takes. */
export function RuleEditor({
  rule,
  open,
  onOpenChange,
  pending,
  error,
  onSave,
}: {
  rule: StaffRule | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  pending: boolean;
  error: unknown;
  onSave: (body: RuleBody) => void;
}) {
  const { t } = useTranslation('mod');
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={rule ? t('rules.edit_title', { name: rule.name }) : t('rules.add_title')}
      description={t('rules.editor_hint')}
      testId="mod-rule-dialog"
    >
      {/* Mounted again on each opening: a cancelled edit is not offered again. */}
      {open && (
        <RuleForm
          rule={rule}
          pending={pending}
          error={error}
          onSave={onSave}
          onCancel={() => onOpenChange(false)}
        />
      )}
    </Dialog>
  );
}

function RuleForm({
  rule,
  pending,
  error,
  onSave,
  onCancel,
}: {
  rule: StaffRule | null;
  pending: boolean;
  error: unknown;
  onSave: (body: RuleBody) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('mod');
  const id = useId();
  const [words, setWords] = useState(wordListText(rule?.words ?? []));
  const [suggestions, setSuggestions] = useState(wordListText(rule?.suggestions ?? []));
  const [type, setType] = useState<RuleType>(rule?.type ?? MODERATION_RULE_TYPE.forbidden);
  const [scope, setScope] = useState<ModerationScope>(rule?.applies_to ?? 'positive');
  const [note, setNote] = useState('');
  const [tried, setTried] = useState(false);
  const problems = ruleFormProblems({ words, suggestions, type });
  const noteInvalid = noteProblem(note, false) !== null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (problems.words || problems.suggestions || noteInvalid || pending) return;
    const body: RuleBody = {
      words: parseWordList(words),
      suggestions: type === MODERATION_RULE_TYPE.suggestion ? parseWordList(suggestions) : [],
      type,
      applies_to: scope,
    };
    const trimmed = optionalNote(note);
    onSave(trimmed ? { ...body, note: trimmed } : body);
  };

  return (
    <form className={styles.dialogBody} onSubmit={submit} noValidate>
      <WordsField
        id={`${id}-words`}
        label={t('rules.words')}
        hint={t('rules.words_hint')}
        value={words}
        onChange={setWords}
        problem={tried ? problems.words : null}
        testId="mod-rule-words"
      />
      <div className={fields.field}>
        <label htmlFor={`${id}-type`} className={fields.fieldLabel}>
          {t('rules.type')}
        </label>
        <select
          id={`${id}-type`}
          className={fields.input}
          value={type}
          data-testid="mod-rule-type"
          onChange={(event) => setType(Number(event.target.value) as RuleType)}
        >
          <option value={MODERATION_RULE_TYPE.forbidden}>{t('rules.type_forbidden')}</option>
          <option value={MODERATION_RULE_TYPE.suggestion}>{t('rules.type_suggestion')}</option>
        </select>
      </div>
      {type === MODERATION_RULE_TYPE.suggestion && (
        <WordsField
          id={`${id}-suggestions`}
          label={t('rules.suggestions')}
          hint={t('rules.suggestions_hint')}
          value={suggestions}
          onChange={setSuggestions}
          problem={tried ? problems.suggestions : null}
          testId="mod-rule-suggestions"
        />
      )}
      <div className={fields.field}>
        <label htmlFor={`${id}-scope`} className={fields.fieldLabel}>
          {t('rules.applies_to')}
        </label>
        <select
          id={`${id}-scope`}
          className={fields.input}
          value={scope}
          data-testid="mod-rule-scope"
          onChange={(event) => setScope(event.target.value as ModerationScope)}
        >
          {MODERATION_SCOPES.map((value) => (
            <option key={value} value={value}>
              {t(`rules.scope.${value}`)}
            </option>
          ))}
        </select>
      </div>
      <NoteField
        value={note}
        onChange={setNote}
        label={t('note.optional')}
        required={false}
        showProblem={tried}
        testId="mod-rule-note"
      />
      {error ? <ErrorNotice error={error} /> : null}
      <div className={styles.dialogActions}>
        <Button type="button" variant="ghost" onClick={onCancel} disabled={pending}>
          {t('cancel')}
        </Button>
        <Button type="submit" variant="primary" pending={pending} data-testid="mod-rule-save">
          {t('rules.save')}
        </Button>
      </div>
    </form>
  );
}

/** A labelled textarea of words, one a line; its problem replaces the hint and is announced. */
function WordsField({
  id,
  label,
  hint,
  value,
  onChange,
  problem,
  testId,
}: {
  id: string;
  label: string;
  hint: string;
  value: string;
  onChange: (value: string) => void;
  problem: WordListProblem | null;
  testId: string;
}) {
  const { t } = useTranslation('mod');
  return (
    <div className={fields.field}>
      <label htmlFor={id} className={fields.fieldLabel}>
        {label}
      </label>
      <textarea
        id={id}
        className={fields.textarea}
        value={value}
        rows={4}
        aria-invalid={problem ? true : undefined}
        aria-describedby={`${id}-hint`}
        data-testid={testId}
        onChange={(event) => onChange(event.target.value)}
      />
      <span id={`${id}-hint`} className={problem ? fields.fieldError : fields.fieldHint} aria-live="polite">
        {problem ? t(`rules.problem.${problem}`) : hint}
      </span>
    </div>
  );
}
