import { useTranslation } from 'react-i18next';
import { Spinner } from '../../ui/Spinner.tsx';
import { BoosterPanel, GeneratorModals, PromptPanel, StylePicker } from '../generator/index.ts';
import { ModeSwitch } from './ModeSwitch.tsx';
import type { SourceImage } from './source.ts';
import { SourceCanvas } from './SourceCanvas.tsx';
import { TargetStylePicker } from './TargetStylePicker.tsx';
import { TweakBar } from './TweakBar.tsx';
import { useTweak } from './TweakContext.ts';
import { TweakEmpty } from './TweakEmpty.tsx';
import { resultOf } from './tweakFlow.ts';
import { TweakHeader } from './TweakHeader.tsx';
import { TweakOptions } from './TweakOptions.tsx';
import { TWEAK_STYLE_PICKER_ID } from './TweakProvider.tsx';
import { TweakProgress } from './TweakResult.tsx';
import { UpgradeCard } from './UpgradeCard.tsx';
import styles from './Tweak.module.css';

/** Inpaint's controls: the generator's style picker, prompts and boosters, on the inpaint settings. */
function InpaintControls() {
  const { t } = useTranslation('tweak');
  return (
    <>
      <StylePicker
        testIdPrefix="tweak-"
        pickerId={TWEAK_STYLE_PICKER_ID}
        description={t('inpaint.style_hint')}
      />
      <PromptPanel
        testIdPrefix="tweak-"
        title={t('inpaint.prompt_title')}
        description={t('inpaint.prompt_hint')}
      />
      <BoosterPanel testIdPrefix="tweak-" />
    </>
  );
}

function Workspace({ source, username }: { source: SourceImage; username: string }) {
  const { mode, followed } = useTweak();
  const finished = resultOf(followed) !== null;
  return (
    <div className={styles.columns}>
      <div className={styles.stageColumn}>
        <ModeSwitch />
        {!finished && <SourceCanvas source={source} username={username} />}
        <TweakProgress source={source} />
      </div>
      <div className={styles.controls}>
        {mode === 'inpaint' ? <InpaintControls /> : <TargetStylePicker />}
        <TweakOptions />
        <UpgradeCard />
        <div className={styles.bar}>
          <TweakBar />
        </div>
      </div>
    </div>
  );
}

/**
 * The tweak studio (spec §2 Tweak page): the mode switch and the canvas on the left, the style, prompts,
 * boosters, settings and the tweak bar on the right; one column on phones, the canvas first and the bar
 * sticky at the bottom. Without a source, an empty state says how to pick one.
 */
export function TweakStudio() {
  const { t } = useTranslation('tweak');
  const { status } = useTweak();
  return (
    <div className={styles.studio} data-testid="tweak-page" data-status={status.kind}>
      <TweakHeader />
      {status.kind === 'ready' ? (
        <Workspace source={status.source} username={status.username} />
      ) : status.kind === 'loading' ? (
        <div className={styles.sourceLoading} data-testid="tweak-source-loading">
          <Spinner size={32} label={t('loading')} />
        </div>
      ) : (
        <TweakEmpty reason={status.kind} onRetry={status.kind === 'error' ? status.retry : undefined} />
      )}
      <GeneratorModals />
    </div>
  );
}
