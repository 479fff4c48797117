import type { UserSettings } from '@mirage/contract';
import { KEEP_UPDATED_DEBOUNCE_MS } from '@mirage/domain';
import { LANGUAGE_NAMES } from '@mirage/i18n';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { Checkbox } from '../../ui/Checkbox.tsx';
import { GlobeIcon, SlidersIcon } from '../../ui/icons.tsx';
import { notify } from '../../ui/notice.ts';
import { Switch } from '../../ui/Switch.tsx';
import { updateUser } from '../account/index.ts';
import { errorCode, useErrorText } from '../api/index.ts';
import { useChangeLanguage } from '../language/index.ts';
import { openModal } from '../modal/index.ts';
import { ME_QUERY_KEY } from '../session/index.ts';
import { isLargerFont, setLargerFont } from './largerFont.ts';
import styles from './Settings.module.css';

/**
 * Language, larger text (a cookie for a day: largerFont.ts) and "keep updated" (saved only when changed,
 * 300 ms after the last click: docs/product/accounts.md#settings-page).
 */
export function PreferencesCard({ user }: { user: UserSettings }) {
  const { t } = useTranslation('settings');
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const { current } = useChangeLanguage();
  const [keepUpdated, setKeepUpdated] = useState(user.keep_updated);
  const saved = useRef(user.keep_updated);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const mutation = useMutation({
    mutationFn: (value: boolean) => updateUser({ user: { keep_updated: value } }),
    onSuccess: ({ user: updated }) => {
      saved.current = updated.keep_updated;
      queryClient.setQueryData(ME_QUERY_KEY, updated);
    },
    onError: (error) => {
      setKeepUpdated(saved.current);
      notify(errorText(errorCode(error)), 'error');
    },
  });
  const { mutate } = mutation;

  useEffect(() => () => clearTimeout(timer.current), []);

  function toggle(value: boolean) {
    setKeepUpdated(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (value !== saved.current) mutate(value);
    }, KEEP_UPDATED_DEBOUNCE_MS);
  }

  return (
    <Card title={t('preferences.title')} description={t('preferences.description')} icon={<SlidersIcon />}>
      <div className={styles.row}>
        <div className={styles.rowText}>
          <span className={styles.rowLabel}>{t('preferences.language')}</span>
          <span className={styles.rowValue} lang={current}>
            {LANGUAGE_NAMES[current]}
          </span>
        </div>
        <Button
          size="sm"
          variant="outline"
          onClick={() => openModal('language')}
          data-testid="settings-language"
        >
          <GlobeIcon size={18} />
          {t('preferences.change_language')}
        </Button>
      </div>
      <div className={styles.divider} />
      <LargerFontRow />
      <div className={styles.divider} />
      <Checkbox
        label={t('preferences.keep_updated')}
        description={t('preferences.keep_updated_description')}
        checked={keepUpdated}
        onChange={(event) => toggle(event.target.checked)}
        testId="settings-keep-updated"
      />
    </Card>
  );
}

/** The larger-font switch: applies at once, and lasts a day (docs/product/limits.md: larger font 1 day). */
function LargerFontRow() {
  const { t } = useTranslation('settings');
  const id = useId();
  const [on, setOn] = useState(isLargerFont);
  return (
    <div className={styles.row}>
      <div className={styles.rowText}>
        <span id={`${id}-label`} className={styles.rowLabel}>
          {t('preferences.larger_font')}
        </span>
        <span id={`${id}-hint`} className={styles.rowValue}>
          {t('preferences.larger_font_description')}
        </span>
      </div>
      <Switch
        checked={on}
        onCheckedChange={(next) => {
          setLargerFont(next);
          setOn(next);
        }}
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-hint`}
        testId="settings-larger-font"
      />
    </div>
  );
}
