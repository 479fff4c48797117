import { LANGUAGE_NAMES } from '@mirage/i18n';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  TRANSLATION_LANGUAGES,
  type EventFormProblem,
  type EventText,
  type EventTranslations,
  type TranslationField,
  type TranslationLanguage,
} from './commerce-model.ts';
import { FormField } from './EventFormField.tsx';
import fields from './Fields.module.css';
import styles from './Mod.module.css';

/**
 * The event form's "Translations" section: the title and description in each language but English, folded
 * away until wanted. A language left empty shows players the English text. It opens by itself when a
 * submit finds a problem in it, so that the problem is not hidden.
 */
export function EventTranslationsField({
  value,
  onChange,
  problems,
}: {
  value: EventTranslations;
  onChange: (next: EventTranslations) => void;
  /** The form's problems to show (none before a first submit): only the translations' are read. */
  problems: Partial<Record<TranslationField, EventFormProblem>>;
}) {
  const { t } = useTranslation('mod');
  const [open, setOpen] = useState(false);
  const hasProblem = TRANSLATION_LANGUAGES.some(
    (language) => problems[`${language}.title`] || problems[`${language}.description`],
  );
  const filled = TRANSLATION_LANGUAGES.filter((language) =>
    Object.values(value[language] ?? {}).some((text) => text.trim() !== ''),
  ).length;
  const set = (language: TranslationLanguage, text: EventText, next: string) =>
    onChange({ ...value, [language]: { ...value[language], [text]: next } });
  return (
    <details
      className={`${styles.disclosure} ${fields.translations}`}
      open={open || hasProblem}
      onToggle={(event) => setOpen(event.currentTarget.open)}
      data-testid="mod-event-translations"
    >
      <summary>{t('events.translations', { filled, total: TRANSLATION_LANGUAGES.length })}</summary>
      <p className={styles.muted}>{t('events.translations_hint')}</p>
      {TRANSLATION_LANGUAGES.map((language) => (
        <fieldset key={language} className={fields.translation}>
          <legend className={fields.translationLanguage}>{LANGUAGE_NAMES[language]}</legend>
          <FormField
            label={t('events.field.title_in', { language: LANGUAGE_NAMES[language] })}
            value={value[language]?.title ?? ''}
            onChange={(next) => set(language, 'title', next)}
            problem={problems[`${language}.title`]}
            required={false}
            lang={language}
            testId={`mod-event-title-${language}`}
          />
          <FormField
            label={t('events.field.description_in', { language: LANGUAGE_NAMES[language] })}
            value={value[language]?.description ?? ''}
            onChange={(next) => set(language, 'description', next)}
            problem={problems[`${language}.description`]}
            multiline
            required={false}
            lang={language}
            testId={`mod-event-description-${language}`}
          />
        </fieldset>
      ))}
    </details>
  );
}
