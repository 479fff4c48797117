import { isValidSeed, randomSeed } from '@mirage/domain';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DiceIcon, LockIcon, UnlockIcon } from '../../ui/icons.tsx';
import { useGenerator } from './GeneratorContext.ts';
import styles from './SettingsPanel.module.css';

/**
 * Seed 1-4294967295 (docs/product/generation.md#settings) with a lock and a dice. Typing a seed locks it;
 * unlocked, each image is random.
 */
export function SeedField({ testIdPrefix = '' }: { testIdPrefix?: string } = {}) {
  const { t } = useTranslation('generator');
  const { settings, update } = useGenerator();
  const id = useId();
  const hintId = useId();
  const [text, setText] = useState(settings.seed === null ? '' : String(settings.seed));
  const [shownSeed, setShownSeed] = useState(settings.seed);
  const [invalid, setInvalid] = useState(false);

  // The seed changed elsewhere (dice, lock, restore): show it.
  if (settings.seed !== shownSeed) {
    setShownSeed(settings.seed);
    setText(settings.seed === null ? '' : String(settings.seed));
    setInvalid(false);
  }

  function onType(value: string) {
    const digits = value.replace(/\D+/g, '').slice(0, 10);
    setText(digits);
    if (digits === '') {
      setInvalid(false);
      setShownSeed(null);
      update({ seed: null });
      return;
    }
    const seed = Number(digits);
    setInvalid(!isValidSeed(seed));
    if (isValidSeed(seed)) {
      setShownSeed(seed);
      update({ seed, seedLock: true });
    }
  }

  function toggleLock() {
    if (settings.seedLock) update({ seedLock: false });
    else update({ seedLock: true, seed: settings.seed ?? randomSeed() });
  }

  return (
    <div className={styles.seed}>
      <label htmlFor={id} className={styles.fieldLabel}>
        {t('settings.seed')}
      </label>
      <div className={styles.seedRow}>
        <input
          id={id}
          className={styles.seedInput}
          inputMode="numeric"
          autoComplete="off"
          placeholder={t('settings.seed_placeholder')}
          value={text}
          onChange={(event) => onType(event.target.value)}
          aria-invalid={invalid || undefined}
          aria-describedby={hintId}
          data-testid={`${testIdPrefix}seed-input`}
        />
        <button
          type="button"
          className={styles.iconButton}
          aria-pressed={settings.seedLock}
          aria-label={settings.seedLock ? t('settings.seed_unlock') : t('settings.seed_lock')}
          title={settings.seedLock ? t('settings.seed_unlock') : t('settings.seed_lock')}
          onClick={toggleLock}
          data-testid={`${testIdPrefix}seed-lock`}
        >
          {settings.seedLock ? <LockIcon size={18} /> : <UnlockIcon size={18} />}
        </button>
        <button
          type="button"
          className={styles.iconButton}
          aria-label={t('settings.seed_random')}
          title={t('settings.seed_random')}
          onClick={() => update({ seed: randomSeed(), seedLock: true })}
          data-testid={`${testIdPrefix}seed-random`}
        >
          <DiceIcon size={18} />
        </button>
      </div>
      <p id={hintId} className={invalid ? styles.fieldError : styles.fieldHint}>
        {invalid
          ? t('settings.seed_invalid')
          : settings.seedLock
            ? t('settings.seed_hint_locked')
            : t('settings.seed_hint_random')}
      </p>
    </div>
  );
}
