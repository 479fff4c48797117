import { LANGUAGES } from '@mirage/domain';
import { LANGUAGE_NAMES } from '@mirage/i18n';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../ui/Dialog.tsx';
import { CheckIcon } from '../../ui/icons.tsx';
import { useChangeLanguage } from './useChangeLanguage.ts';
import styles from './LanguageDialog.module.css';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The language setter: the 8 interface languages by their native names. */
export function LanguageDialog({ open, onOpenChange }: Props) {
  const { t } = useTranslation('common');
  const { current, change, pending } = useChangeLanguage();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('language.title')}
      description={t('language.description')}
      testId="language-dialog"
    >
      <ul className={styles.list} role="list">
        {LANGUAGES.map((lang) => {
          const selected = lang === current;
          return (
            <li key={lang}>
              <button
                type="button"
                lang={lang}
                className={styles.option}
                aria-pressed={selected}
                disabled={pending}
                onClick={() => change(lang, { onSuccess: () => onOpenChange(false) })}
                data-testid={`language-option-${lang}`}
              >
                <span className={styles.code} aria-hidden="true">
                  {lang.toUpperCase()}
                </span>
                <span className={styles.name}>{LANGUAGE_NAMES[lang]}</span>
                {selected && <CheckIcon className={styles.check} />}
              </button>
            </li>
          );
        })}
      </ul>
    </Dialog>
  );
}
