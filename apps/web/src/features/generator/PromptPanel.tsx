import {
  PROMPT_WARNING_CHARS,
  TEXT_LIMIT_NEG,
  TEXT_LIMIT_POS,
  injectSuggestions,
  moderatePrompt,
} from '@mirage/domain';
import { useDeferredValue, useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { AssistantPanel, AssistantToggle, useSuggestionBlocksCreate } from '../assistant/index.ts';
import { useGenerator } from './GeneratorContext.ts';
import { Section } from './Section.tsx';
import { MODERATION_DEBOUNCE_MS } from './timing.ts';
import styles from './PromptPanel.module.css';

function PromptBox({
  label,
  value,
  max,
  placeholder,
  onChange,
  testId,
  warn,
  labelExtra,
  busy = false,
  children,
}: {
  label: string;
  value: string;
  max: number;
  placeholder: string;
  onChange: (value: string) => void;
  testId: string;
  warn?: string | null;
  /** Beside the label (the AI assistant's toggle). */
  labelExtra?: ReactNode;
  /** The AI assistant is working on this text or showing a suggestion for it: read-only meanwhile. */
  busy?: boolean;
  /** Under the box (the AI assistant's actions and preview). */
  children?: ReactNode;
}) {
  const { t } = useTranslation('generator');
  const id = useId();
  const countId = `${id}-count`;
  return (
    <div className={styles.box}>
      <div className={styles.labelRow}>
        <label htmlFor={id} className={styles.label}>
          {label}
        </label>
        {labelExtra}
        <span
          id={countId}
          className={styles.count}
          data-over={value.length > PROMPT_WARNING_CHARS}
          data-testid={`${testId}-count`}
        >
          {t('prompt.count', { count: value.length, max })}
        </span>
      </div>
      <textarea
        id={id}
        className={styles.textarea}
        value={value}
        maxLength={max}
        placeholder={placeholder}
        rows={4}
        spellCheck
        aria-describedby={countId}
        readOnly={busy}
        aria-busy={busy || undefined}
        data-busy={busy}
        onChange={(event) => onChange(event.target.value)}
        data-testid={testId}
      />
      {warn && (
        <p className={styles.warning} role="status">
          {warn}
        </p>
      )}
      {children}
    </div>
  );
}

/**
 * docs/product/generation.md#settings, docs/product/moderation.md#rules: positive and negative prompts with
 * example placeholders, counts, the lengthy-prompt warning, and moderation feedback: suggestions with "add
 * all", forbidden words listed and removed. The tweak studio shows it too, with its own test ids and a line
 * saying what the prompt does there.
 */
export function PromptPanel({
  testIdPrefix = '',
  title,
  description,
}: {
  testIdPrefix?: string;
  title?: string;
  description?: string;
} = {}) {
  const { t } = useTranslation('generator');
  const { settings, update, rules, assistant, signedIn } = useGenerator();
  const suggesting = useSuggestionBlocksCreate(assistant);
  const [removed, setRemoved] = useState<string[]>([]);
  const prompt = useDeferredValue(settings.prompt);
  const negPrompt = useDeferredValue(settings.neg_prompt);
  const moderation = useMemo(
    () => moderatePrompt({ prompt, neg_prompt: negPrompt }, rules),
    [prompt, negPrompt, rules],
  );

  // Forbidden words go once typing pauses, so that a word is not cut while it is being typed.
  useEffect(() => {
    if (moderation.forbidden.length === 0) return;
    const timer = setTimeout(() => {
      setRemoved([...new Set(moderation.forbidden.map((word) => word.match))]);
      update({ prompt: moderation.cleanedPrompt, neg_prompt: moderation.cleanedNegPrompt });
    }, MODERATION_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [moderation, update]);

  const suggestions = moderation.suggestions.filter((hit) => hit.field === 'prompt');
  const terms = [...new Set(suggestions.flatMap((hit) => hit.suggestions))];
  const long = settings.prompt.length > PROMPT_WARNING_CHARS;

  return (
    <Section title={title ?? t('prompt.title')} tour="prompt">
      {description && <p className={styles.description}>{description}</p>}
      <PromptBox
        label={t('prompt.label')}
        value={settings.prompt}
        max={TEXT_LIMIT_POS}
        placeholder={t('prompt.placeholder')}
        onChange={(value) => {
          setRemoved([]);
          update({ prompt: value });
        }}
        testId={`${testIdPrefix}prompt`}
        warn={long ? t('prompt.long_warning', { limit: PROMPT_WARNING_CHARS }) : null}
        labelExtra={assistant && <AssistantToggle store={assistant} prompt={settings.prompt} />}
        busy={suggesting}
      >
        {assistant && (
          <AssistantPanel
            store={assistant}
            prompt={settings.prompt}
            signedIn={signedIn}
            onAccept={(suggestion) => {
              setRemoved([]);
              update({ prompt: suggestion.slice(0, TEXT_LIMIT_POS) });
            }}
          />
        )}
      </PromptBox>
      {terms.length > 0 && (
        <div className={styles.suggestions} data-testid={`${testIdPrefix}prompt-suggestions`}>
          <p>{t('prompt.suggestions', { terms: terms.join(', ') })}</p>
          <Button
            size="sm"
            variant="outline"
            onClick={() => update({ prompt: injectSuggestions(settings.prompt, terms) })}
            data-testid={`${testIdPrefix}prompt-inject-all`}
          >
            {t('prompt.inject_all')}
          </Button>
        </div>
      )}
      {removed.length > 0 && (
        <Alert testId={`${testIdPrefix}prompt-forbidden`}>
          {t('prompt.forbidden', { words: removed.join(', ') })}
        </Alert>
      )}
      <PromptBox
        label={t('prompt.neg_label')}
        value={settings.neg_prompt}
        max={TEXT_LIMIT_NEG}
        placeholder={t('prompt.neg_placeholder')}
        onChange={(value) => {
          setRemoved([]);
          update({ neg_prompt: value });
        }}
        testId={`${testIdPrefix}neg-prompt`}
      />
    </Section>
  );
}
