import { useId, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { VolumeIcon } from '../../ui/icons.tsx';
import { Switch } from '../../ui/Switch.tsx';
import { playTestSound, readAudio, writeAudio, type AudioSettings } from './audio.ts';
import styles from './Settings.module.css';

/** Interface sounds are short cues: the slider stops at 20 % of full output, far above the 2.5 % default. */
const VOLUME_MAX = 0.2;

/** Sounds on/off and volume, stored in the `audio` cookie (default on, 0.025). */
export function AudioCard() {
  const { t } = useTranslation('settings');
  const labelId = useId();
  const sliderId = useId();
  const [audio, setAudio] = useState<AudioSettings>(readAudio);

  function update(next: AudioSettings) {
    setAudio(next);
    writeAudio(next);
  }

  const percent = `${(audio.volume * 100).toFixed(1).replace(/\.0$/, '')}%`;
  const max = Math.max(VOLUME_MAX, audio.volume);
  // Paints the filled part of the track (CSS reads --fill).
  const fill = { '--fill': `${(audio.volume / max) * 100}%` } as CSSProperties;

  return (
    <Card title={t('audio.title')} description={t('audio.description')} icon={<VolumeIcon />}>
      <div className={styles.row}>
        <span id={labelId} className={styles.rowLabel}>
          {t('audio.enabled')}
        </span>
        <Switch
          checked={audio.enabled}
          onCheckedChange={(enabled) => update({ ...audio, enabled })}
          aria-labelledby={labelId}
          testId="settings-audio-toggle"
        />
      </div>
      <div className={styles.sliderRow}>
        <label htmlFor={sliderId} className={styles.rowLabel}>
          {t('audio.volume')}
        </label>
        <input
          id={sliderId}
          type="range"
          min={0}
          max={max}
          step={0.005}
          value={audio.volume}
          disabled={!audio.enabled}
          onChange={(event) => update({ ...audio, volume: Number(event.target.value) })}
          aria-valuetext={percent}
          className={styles.slider}
          style={fill}
          data-testid="settings-audio-volume"
        />
        <output htmlFor={sliderId} className={styles.sliderValue}>
          {percent}
        </output>
      </div>
      <div className={styles.actions}>
        <Button
          size="sm"
          variant="outline"
          disabled={!audio.enabled}
          onClick={() => playTestSound(audio.volume)}
        >
          {t('audio.test')}
        </Button>
      </div>
    </Card>
  );
}
