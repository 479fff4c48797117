import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { VolumeIcon } from '../../../ui/icons.tsx';
import { VolumeOffIcon } from './icons.tsx';
import { setSoundsMutedPreference, soundsMuted, subscribeSoundsMuted } from './soundMute.ts';
import styles from './ShellPanel.module.css';

/**
 * The mute flag's toggle (./soundMute.ts), in the bell panel's header: a speaker that reads "Mute sounds",
 * pressed while the sounds are muted. It overrides the settings page's audio switch without changing it.
 */
export function SoundToggle() {
  const { t } = useTranslation('player');
  const muted = useSyncExternalStore(subscribeSoundsMuted, soundsMuted, () => false);
  const label = t('sounds.mute');
  return (
    <button
      type="button"
      className={styles.headerButton}
      aria-pressed={muted}
      aria-label={label}
      title={muted ? t('sounds.muted') : label}
      onClick={() => setSoundsMutedPreference(!muted)}
      data-testid="sounds-mute"
    >
      {muted ? <VolumeOffIcon size={18} /> : <VolumeIcon size={18} />}
    </button>
  );
}
