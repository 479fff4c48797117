import { useTranslation } from 'react-i18next';
import { BoosterPanel } from '../features/generator/BoosterPanel.tsx';
import { CreateBar } from '../features/generator/CreateBar.tsx';
import { GeneratorLayout } from '../features/generator/GeneratorLayout.tsx';
import { GeneratorModals } from '../features/generator/GeneratorModals.tsx';
import { GeneratorProvider } from '../features/generator/GeneratorProvider.tsx';
import { PresetPanel } from '../features/generator/PresetPanel.tsx';
import { PromptPanel } from '../features/generator/PromptPanel.tsx';
import { ResultsGallery } from '../features/generator/ResultsGallery.tsx';
import { SettingsPanel } from '../features/generator/SettingsPanel.tsx';
import { StylePicker } from '../features/generator/StylePicker.tsx';
import { PageMeta } from '../features/meta/PageMeta.tsx';

/** /create (docs/product/routes.md#routes): the generator. Open to guests; creating needs an account. */
export default function CreatePage() {
  const { t } = useTranslation('generator');
  return (
    <>
      <PageMeta title={t('title')} />
      <GeneratorProvider>
        <GeneratorLayout
          title={t('title')}
          presets={(close) => <PresetPanel onPicked={close} />}
          controls={
            <>
              <StylePicker />
              <PromptPanel />
              <BoosterPanel />
              <SettingsPanel />
            </>
          }
          createBar={<CreateBar />}
          results={<ResultsGallery />}
        />
        <GeneratorModals />
      </GeneratorProvider>
    </>
  );
}
