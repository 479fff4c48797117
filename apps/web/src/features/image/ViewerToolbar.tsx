import { lazy, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { CloseIcon } from '../../ui/icons.tsx';
import type { ImageInfo } from './api.ts';
import { HeartIcon, ResetIcon, RotateIcon, ZoomInIcon, ZoomOutIcon } from './icons.tsx';
import { ImageMenuButton } from './ImageMenuButton.tsx';
import {
  canZoomIn,
  canZoomOut,
  isReset,
  rotateBy,
  zoomBy,
  PREVIEW_RESET,
  type PreviewTransform,
} from './preview.ts';
import type { Step } from './navigation.ts';
import type { ImageActions } from './useImageActions.ts';
import { OnFirstUse, useOnFirstUse } from '../../ui/OnFirstUse.tsx';
import styles from './ImageViewer.module.css';

// The menu and its library load on the first press of its button (ui/OnFirstUse.tsx).
const loadImageMenu = () => import('./ImageMenu.tsx');
const ImageMenu = lazy(() => loadImageMenu().then((module) => ({ default: module.ImageMenu })));

interface ToolbarProps {
  info: ImageInfo | undefined;
  actions: ImageActions;
  transform: PreviewTransform;
  onTransform: (transform: PreviewTransform) => void;
  onClose: () => void;
  onReport: () => void;
  onDelete: () => void;
  onUpscale: () => void;
  upscaleDisabled: boolean;
  onStep: (step: Step) => void;
  menuButtonRef: Ref<HTMLButtonElement>;
}

/**
 * The bar over the image: close, the preview controls (docs/product/image-viewer.md#the-viewer), favourite
 * and the image menu.
 */
export function ViewerToolbar({
  info,
  actions,
  transform,
  onTransform,
  onClose,
  onReport,
  onDelete,
  onUpscale,
  upscaleDisabled,
  onStep,
  menuButtonRef,
}: ToolbarProps) {
  const { t } = useTranslation('image');
  const percent = Math.round(transform.zoom * 100);
  const menu = useOnFirstUse(loadImageMenu);
  const plainMenuButton = <ImageMenuButton ref={menuButtonRef} onStep={onStep} {...menu.buttonProps} />;

  return (
    <div className={styles.toolbar}>
      <Button
        variant="ghost"
        size="icon"
        className={styles.roundButton}
        onClick={onClose}
        aria-label={t('controls.close')}
        aria-keyshortcuts="Escape"
        data-testid="viewer-close"
      >
        <CloseIcon size={22} />
      </Button>
      <div className={styles.tools} role="toolbar" aria-label={t('controls.toolbar')}>
        <div className={styles.zoomGroup}>
          <Button
            variant="ghost"
            size="icon"
            className={styles.toolButton}
            onClick={() => onTransform(zoomBy(transform, -1))}
            aria-disabled={!canZoomOut(transform)}
            aria-label={t('controls.zoom_out')}
            aria-keyshortcuts="-"
            data-testid="viewer-zoom-out"
          >
            <ZoomOutIcon />
          </Button>
          <output
            className={styles.zoomLevel}
            aria-label={t('controls.zoom_level', { percent })}
            data-testid="viewer-zoom"
          >
            {percent}%
          </output>
          <Button
            variant="ghost"
            size="icon"
            className={styles.toolButton}
            onClick={() => onTransform(zoomBy(transform, 1))}
            aria-disabled={!canZoomIn(transform)}
            aria-label={t('controls.zoom_in')}
            aria-keyshortcuts="+"
            data-testid="viewer-zoom-in"
          >
            <ZoomInIcon />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            className={styles.toolButton}
            onClick={() => onTransform(rotateBy(transform, 1))}
            aria-label={t('controls.rotate')}
            aria-keyshortcuts="R"
            data-testid="viewer-rotate"
          >
            <RotateIcon />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            className={styles.toolButton}
            onClick={() => onTransform(PREVIEW_RESET)}
            aria-disabled={isReset(transform)}
            aria-label={t('controls.reset')}
            aria-keyshortcuts="0"
            data-testid="viewer-reset"
          >
            <ResetIcon />
          </Button>
        </div>
        {info && (
          <>
            <Button
              variant="ghost"
              size="icon"
              className={styles.roundButton}
              data-active={info.is_favorite}
              // Not disabled while it works: a disabled button would drop the keyboard focus.
              onClick={() => void (actions.pending === 'favorite' ? undefined : actions.toggleFavorite())}
              aria-label={t(info.is_favorite ? 'menu.unfavorite' : 'menu.favorite')}
              aria-busy={actions.pending === 'favorite'}
              data-testid="viewer-favorite"
            >
              <HeartIcon size={22} filled={info.is_favorite} />
            </Button>
            <OnFirstUse wanted={menu.wanted} plain={plainMenuButton}>
              <ImageMenu
                info={info}
                actions={actions}
                onReport={onReport}
                onDelete={onDelete}
                onUpscale={onUpscale}
                upscaleDisabled={upscaleDisabled}
                onStep={onStep}
                buttonRef={menuButtonRef}
                defaultOpen
              />
            </OnFirstUse>
          </>
        )}
      </div>
    </div>
  );
}
