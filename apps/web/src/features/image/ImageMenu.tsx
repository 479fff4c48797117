import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useRef, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DownloadIcon, LockIcon, PaletteIcon, TrashIcon, UnlockIcon } from '../../ui/icons.tsx';
import type { ImageInfo } from './api.ts';
import {
  CopyIcon,
  FlagIcon,
  HeartIcon,
  LinkIcon,
  ShareIcon,
  SimilarIcon,
  UpscaleIcon,
  WandIcon,
} from './icons.tsx';
import { ImageMenuButton } from './ImageMenuButton.tsx';
import type { Step } from './navigation.ts';
import type { ImageActions } from './useImageActions.ts';
import styles from './ImageMenu.module.css';

interface ItemProps {
  icon: ReactNode;
  label: string;
  onSelect: () => void;
  testId: string;
  disabled?: boolean;
  danger?: boolean;
  hint?: string;
}

function Item({ icon, label, onSelect, testId, disabled = false, danger = false, hint }: ItemProps) {
  return (
    <DropdownMenu.Item
      className={[styles.item, danger ? styles.danger : ''].join(' ')}
      onSelect={onSelect}
      disabled={disabled}
      data-testid={testId}
    >
      {icon}
      <span className={styles.label}>
        {label}
        {hint && <span className={styles.hint}>{hint}</span>}
      </span>
    </DropdownMenu.Item>
  );
}

interface ImageMenuProps {
  info: ImageInfo;
  actions: ImageActions;
  onReport: () => void;
  onDelete: () => void;
  /** Opens the upscale dialog (owners; disabled once upscaled or while updating). */
  onUpscale: () => void;
  upscaleDisabled: boolean;
  /** Up and down move between images even while the menu button has the focus. */
  onStep: (step: Step) => void;
  /** The menu button, to give the focus back to it when a dialog opened from the menu closes. */
  buttonRef: Ref<HTMLButtonElement>;
  /** Open from the start: the menu was loaded by a press of its button (ViewerToolbar.tsx). */
  defaultOpen?: boolean;
}

/**
 * The image menu (docs/product/image-viewer.md#image-menu). Privacy and delete are the owner's; privacy needs
 * a premium plan (docs/product/pricing-and-plans.md#plan-capabilities), so other owners see it disabled with
 * a link to the plans. Report is for other people's images.
 */
export function ImageMenu({
  info,
  actions,
  onReport,
  onDelete,
  onUpscale,
  upscaleDisabled,
  onStep,
  buttonRef,
  defaultOpen = false,
}: ImageMenuProps) {
  const { t } = useTranslation('image');
  const fire = (action: () => unknown) => () => void action();
  // A dialog chosen in the menu opens once the menu has given the focus back to its button, so that
  // closing the dialog returns the focus there (Radix restores it to what was focused before).
  const afterClose = useRef<(() => void) | null>(null);

  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger asChild>
        <ImageMenuButton ref={buttonRef} onStep={onStep} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          className={styles.content}
          align="end"
          sideOffset={8}
          data-testid="image-menu"
          onCloseAutoFocus={() => {
            const open = afterClose.current;
            afterClose.current = null;
            open?.();
          }}
        >
          <Item
            icon={<HeartIcon size={18} filled={info.is_favorite} />}
            label={t(info.is_favorite ? 'menu.unfavorite' : 'menu.favorite')}
            onSelect={fire(actions.toggleFavorite)}
            testId="image-menu-favorite"
          />
          <Item
            icon={<WandIcon size={18} />}
            label={t('menu.clone')}
            onSelect={actions.clone}
            disabled={!actions.canClone}
            testId="image-menu-clone"
          />
          <Item
            icon={<PaletteIcon size={18} />}
            label={t('menu.tweak')}
            onSelect={actions.tweak}
            disabled={!actions.canTweak}
            hint={actions.canTweak ? undefined : t('menu.tweak_unavailable')}
            testId="image-menu-tweak"
          />
          <Item
            icon={<SimilarIcon size={18} />}
            label={t('menu.similar')}
            onSelect={fire(actions.seeSimilar)}
            testId="image-menu-similar"
          />
          <DropdownMenu.Separator className={styles.separator} />
          <Item
            icon={<DownloadIcon size={18} />}
            label={t('menu.download')}
            onSelect={fire(actions.download)}
            testId="image-menu-download"
          />
          <Item
            icon={<ShareIcon size={18} />}
            label={t('menu.share')}
            onSelect={fire(actions.share)}
            testId="image-menu-share"
          />
          <Item
            icon={<LinkIcon size={18} />}
            label={t('menu.copy_link')}
            onSelect={fire(actions.copyLink)}
            testId="image-menu-copy-link"
          />
          {actions.canClone && (
            <Item
              icon={<CopyIcon size={18} />}
              label={t('panel.copy_prompt')}
              onSelect={fire(actions.copyPrompt)}
              testId="image-menu-copy-prompt"
            />
          )}
          <DropdownMenu.Separator className={styles.separator} />
          {info.is_owner ? (
            <>
              <Item
                icon={<UpscaleIcon size={18} />}
                label={t('menu.upscale')}
                onSelect={() => {
                  afterClose.current = onUpscale;
                }}
                disabled={upscaleDisabled}
                hint={info.upscaled ? t('menu.upscaled_already') : undefined}
                testId="image-menu-upscale"
              />
              <Item
                icon={info.is_private ? <UnlockIcon size={18} /> : <LockIcon size={18} />}
                label={t(info.is_private ? 'menu.make_public' : 'menu.make_private')}
                onSelect={fire(actions.togglePrivacy)}
                // A lapsed plan may still make a private image public again.
                disabled={!actions.premium && !info.is_private}
                hint={actions.premium ? undefined : t('menu.private_needs_plan')}
                testId="image-menu-private"
              />
              {!actions.premium && (
                <DropdownMenu.Item asChild className={[styles.item, styles.upgrade].join(' ')}>
                  <Link to="/tickets" data-testid="image-menu-upgrade">
                    <span className={styles.label}>{t('menu.see_plans')}</span>
                  </Link>
                </DropdownMenu.Item>
              )}
              <Item
                icon={<TrashIcon size={18} />}
                label={t('menu.delete')}
                onSelect={() => {
                  afterClose.current = onDelete;
                }}
                danger
                testId="image-menu-delete"
              />
            </>
          ) : (
            <Item
              icon={<FlagIcon size={18} />}
              label={t('menu.report')}
              onSelect={() => {
                if (actions.signedIn) afterClose.current = onReport;
                else void actions.toSignIn();
              }}
              testId="image-menu-report"
            />
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
