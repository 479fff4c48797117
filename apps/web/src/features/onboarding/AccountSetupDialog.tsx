import type { UserSettings } from '@mirage/contract';
import { isLanguage, LANGUAGES } from '@mirage/domain';
import { LANGUAGE_NAMES } from '@mirage/i18n';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Checkbox } from '../../ui/Checkbox.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { notify } from '../../ui/notice.ts';
import { Segmented } from '../../ui/Segmented.tsx';
import { call, errorCode, useErrorText } from '../api/index.ts';
import { useChangeLanguage } from '../language/index.ts';
import { ME_QUERY_KEY } from '../session/index.ts';
import { HiddenTagsCard, useHiddenTags, useSetHiddenTags, useSystemTags } from '../settings/index.ts';
import { CONTENT_FILTERS, contentFilterOf, withContentFilter, type ContentFilter } from './contentFilter.ts';
import styles from './Onboarding.module.css';

/**
 * The account setup (docs/product/accounts.md#account-setup): opens for a signed-in user who has not
 * acknowledged it (`tag_setting_ack` false) and cannot be closed, neither by a button, Escape nor a click
 * outside; saving is the only way out. The content filter and the hidden tags are the settings page's own
 * (saved at each change, as there); the language applies at once; "Save" sends the mail preference with
 * the acknowledgement.
 */
export function AccountSetupDialog({ user, onDone }: { user: UserSettings; onDone: () => void }) {
  const { t } = useTranslation('onboarding');
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [keepUpdated, setKeepUpdated] = useState(user.keep_updated);

  const save = useMutation({
    mutationFn: () =>
      call('updateUser', { body: { user: { keep_updated: keepUpdated, tag_setting_ack: true } } }),
    onSuccess: ({ user: saved }) => {
      // The dialog closes as the user now reads acknowledged; the tour that follows says the rest.
      queryClient.setQueryData(ME_QUERY_KEY, saved);
      onDone();
    },
  });

  return (
    <Dialog
      open
      // Not closable: Radix asks to close only on Escape or an outside click, both prevented.
      onOpenChange={() => undefined}
      dismissible={false}
      title={t('setup.title')}
      description={t('setup.description')}
      testId="account-setup"
    >
      <div className={styles.setup}>
        <ContentFilterChoice />
        <div className={styles.hiddenTags}>
          <HiddenTagsCard />
        </div>
        <LanguageChoice />
        <Checkbox
          label={t('setup.keep_updated')}
          description={t('setup.keep_updated_description')}
          checked={keepUpdated}
          onChange={(event) => setKeepUpdated(event.target.checked)}
          testId="setup-keep-updated"
        />
        {save.isError && <Alert testId="setup-error">{errorText(errorCode(save.error))}</Alert>}
        <Button
          variant="primary"
          size="lg"
          block
          pending={save.isPending}
          onClick={() => save.mutate()}
          data-testid="setup-save"
        >
          {t('setup.save')}
        </Button>
      </div>
    </Dialog>
  );
}

/** Hentai, realistic or both: kept as the render tags among the hidden tags (contentFilter.ts). */
function ContentFilterChoice() {
  const { t } = useTranslation('onboarding');
  const errorText = useErrorText();
  const hidden = useHiddenTags();
  const system = useSystemTags();
  const setHidden = useSetHiddenTags();
  const ready = hidden.data !== undefined && system.data !== undefined;
  const value = ready ? contentFilterOf(hidden.data) : null;

  function choose(filter: ContentFilter) {
    if (!hidden.data || !system.data) return;
    setHidden.mutate(withContentFilter(hidden.data, system.data, filter), {
      onError: (caught) => notify(errorText(errorCode(caught)), 'error'),
    });
  }

  return (
    <div className={styles.field}>
      <Segmented<ContentFilter | ''>
        legend={t('setup.filter_label')}
        value={value ?? ''}
        onChange={(next) => next && choose(next)}
        options={CONTENT_FILTERS.map((filter) => ({
          value: filter,
          label: t(`setup.filter.${filter}`),
          disabled: !ready,
          testId: `setup-filter-${filter}`,
        }))}
      />
      <p className={styles.hint}>{t('setup.filter_hint')}</p>
    </div>
  );
}

/** The 8 interface languages by their own names; a choice applies at once and is saved on the account. */
function LanguageChoice() {
  const { t } = useTranslation('onboarding');
  const id = useId();
  const { current, change, pending } = useChangeLanguage();
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {t('setup.language')}
      </label>
      <select
        id={id}
        className={styles.select}
        value={current}
        disabled={pending}
        onChange={(event) => {
          const lang: string = event.target.value;
          if (isLanguage(lang)) change(lang);
        }}
        data-testid="setup-language"
      >
        {LANGUAGES.map((lang) => (
          <option key={lang} value={lang} lang={lang}>
            {LANGUAGE_NAMES[lang]}
          </option>
        ))}
      </select>
    </div>
  );
}
