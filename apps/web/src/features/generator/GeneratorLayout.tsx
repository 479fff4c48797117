import { useState, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCloseWhenPageHidden } from '../../app/keepAlive/pageActivity.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { BookIcon } from '../../ui/icons.tsx';
import styles from './Generator.module.css';

/** Wide screens show the presets as a left column; narrower ones open them in a drawer. */
const WIDE = '(min-width: 1200px)';

function subscribeWide(onChange: () => void) {
  const query = window.matchMedia(WIDE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

function useWide(): boolean {
  return useSyncExternalStore(subscribeWide, () => window.matchMedia(WIDE).matches);
}

interface LayoutProps {
  title: string;
  /** Renders the preset panel; `close` closes the drawer after a pick. */
  presets: (close: () => void) => ReactNode;
  controls: ReactNode;
  createBar: ReactNode;
  results: ReactNode;
}

/** The generator's frame: presets | controls + create bar | results, collapsing to one column on phones. */
export function GeneratorLayout({ title, presets, controls, createBar, results }: LayoutProps) {
  const { t } = useTranslation('generator');
  const wide = useWide();
  const [drawer, setDrawer] = useState(false);
  const close = () => setDrawer(false);
  // Kept alive: the preset drawer closes when the user leaves the page.
  useCloseWhenPageHidden(close);

  return (
    <div className={styles.generator} data-testid="generator">
      {wide ? (
        <aside className={styles.presets} aria-label={t('presets.title')} data-tour="presets">
          <h2 className={styles.columnTitle}>{t('presets.title')}</h2>
          {presets(close)}
        </aside>
      ) : (
        <Dialog
          open={drawer}
          onOpenChange={setDrawer}
          title={t('presets.title')}
          variant="drawer"
          testId="preset-drawer"
        >
          {presets(close)}
        </Dialog>
      )}
      <div className={styles.controls}>
        <header className={styles.header}>
          <h1 className={styles.title}>{title}</h1>
          {!wide && (
            <Button size="sm" variant="outline" onClick={() => setDrawer(true)} data-testid="preset-open">
              <BookIcon size={16} />
              {t('presets.open')}
            </Button>
          )}
        </header>
        {controls}
        <div className={styles.createBar}>{createBar}</div>
      </div>
      <div className={styles.results}>{results}</div>
    </div>
  );
}
