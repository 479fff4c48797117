import * as RadixDialog from '@radix-ui/react-dialog';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { mainTags } from '@mirage/domain';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { Button } from '../../ui/Button.tsx';
import { DialogAnnouncer } from '../../ui/DialogAnnouncer.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { errorCode } from '../api/index.ts';
import { confirmAdult, imageAlt, isBlurred, useAgeConfirmed } from '../gallery/index.ts';
import { useEventHunt } from '../game-event/index.ts';
import { PageMeta } from '../meta/index.ts';
import { useFileAddress } from '../files/index.ts';
import { useSession } from '../session/index.ts';
import type { Card } from './api.ts';
import { boardOfQuery, nextQuery, viewerPath } from './boardQuery.ts';
import { firstWords } from './details.ts';
import { DeleteDialog, ReportDialog, UpscaleDialog } from './ImageDialogs.tsx';
import { ImageStage, type Picture } from './ImageStage.tsx';
import { InfoPanel } from './InfoPanel.tsx';
import { stepOfKey, type Step } from './navigation.ts';
import { previewKey, PREVIEW_RESET, type PreviewTransform } from './preview.ts';
import { prefetchImageInfo, useBoardNeighbours, useGenInfo, useImageInfo } from './queries.ts';
import { useImageActions } from './useImageActions.ts';
import { UpdatingOverlay } from './UpdatingOverlay.tsx';
import { useImageUpscale } from './useImageUpscale.ts';
import { useMediaQuery } from '../../ui/useMediaQuery.ts';
import { ViewerToolbar } from './ViewerToolbar.tsx';
import styles from './ImageViewer.module.css';

/** Below this width the info panel is a bottom sheet (InfoPanel.module.css uses the same value). */
const SHEET_QUERY = '(max-width: 899px)';

/** Where the viewer was opened from: an earlier page of this app (go back) or nowhere (go to /explore). */
function hasAppHistory(): boolean {
  const state: unknown = window.history.state;
  return typeof state === 'object' && state !== null && Number((state as { idx?: unknown }).idx) > 0;
}

/**
 * /image/{uuid} (docs/product/image-viewer.md#the-viewer): the image over a dark backdrop with the info
 * panel, the image menu, up/down through the board it came from, and the preview controls. A modal dialog:
 * focus stays inside, Escape closes it (docs/product/image-viewer.md).
 */
export function ImageViewer({ uuid }: { uuid: string }) {
  const { t } = useTranslation('image');
  const { t: tGallery } = useTranslation('gallery');
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const { signedIn, user } = useSession();
  const shortcutsId = useId();
  // Opened from another page of the app, the viewer fades in over it; as the page the visitor landed on
  // it shows at once: there is nothing to fade from, and a picture that fades in from transparent counts
  // as painted only when the page paints again, up to a second later on a phone (issue 20: LCP).
  const [landed] = useState(() => !hasAppHistory());

  const board = useMemo(() => boardOfQuery(location.search, user?.id), [location.search, user?.id]);
  const infoQuery = useImageInfo(uuid);
  const info = infoQuery.data;
  // Generation data is asked for only when the image has some (a curated sample has none): anybody who
  // may see the image may read it (docs/product/image-viewer.md, clone: "anyone, if it has gen data").
  const genWanted = info?.has_gen_data === true;
  const genQuery = useGenInfo(uuid, genWanted);
  const gen = genQuery.data;
  const neighbours = useBoardNeighbours(board, uuid, true);
  const ageConfirmed = useAgeConfirmed();
  const sheet = useMediaQuery(SHEET_QUERY);
  const [sheetOpen, setSheetOpen] = useState(false);
  const [dialog, setDialog] = useState<'report' | 'delete' | 'upscale' | null>(null);
  const menuButton = useRef<HTMLButtonElement>(null);
  // The dialogs open from the menu: closing one gives the focus back to the menu button (after the
  // dialog's own focus handling, which looks for a dialog trigger this viewer does not use).
  const closeDialog = useCallback(() => {
    setDialog(null);
    setTimeout(() => menuButton.current?.focus(), 0);
  }, []);

  // The preview transform belongs to one image: the next one starts upright at 100 %.
  const [view, setView] = useState<{ uuid: string; transform: PreviewTransform }>({
    uuid,
    transform: PREVIEW_RESET,
  });
  const transform = view.uuid === uuid ? view.transform : PREVIEW_RESET;
  const setTransform = useCallback((next: PreviewTransform) => setView({ uuid, transform: next }), [uuid]);

  const close = useCallback(() => {
    if (hasAppHistory()) void navigate(-1);
    else void navigate('/explore', { replace: true });
  }, [navigate]);

  const actions = useImageActions({ info, gen, onDeleted: close });
  const upscale = useImageUpscale(info);

  // A step under way, from the key, button, wheel or swipe that asked for another image until the
  // viewer shows one (aria-busy: the content is about to change). Set in the input's own event.
  const [stepFrom, setStepFrom] = useState<string | null>(null);
  if (stepFrom !== null && stepFrom !== uuid) setStepFrom(null);

  const go = useCallback(
    (step: Step) => {
      const target = step === 'next' ? neighbours.next : neighbours.previous;
      if (!target) return;
      setStepFrom(uuid);
      // The same board (the query string stays, docs/product/image-viewer.md#the-viewer); the history keeps
      // one entry for the viewer.
      void navigate(viewerPath(target.item.uuid, nextQuery(location.search, target.index)), {
        replace: true,
        state: { card: target.item },
      });
    },
    [neighbours, navigate, location.search, uuid],
  );

  // The neighbours load ahead, so that up and down are instant.
  // Their thumbnails come from where their cards say (the files host, if any), with the read token for the
  // user's own files there; one whose token is still on its way is loaded once it has come.
  const previousCard = neighbours.previous?.item;
  const nextCard = neighbours.next?.item;
  const isOwn = (card: Card | undefined) => card !== undefined && card.user_id === user?.id;
  const previousThumbnail = useFileAddress(previousCard?.thumbnail_src ?? '', isOwn(previousCard));
  const nextThumbnail = useFileAddress(nextCard?.thumbnail_src ?? '', isOwn(nextCard));
  const previousUuid = previousCard?.uuid;
  const nextUuid = nextCard?.uuid;
  useEffect(() => {
    for (const near of [nextUuid, previousUuid]) if (near) void prefetchImageInfo(queryClient, near);
  }, [previousUuid, nextUuid, queryClient]);
  useEffect(() => {
    for (const src of [nextThumbnail, previousThumbnail]) if (src) new Image().src = src;
  }, [previousThumbnail, nextThumbnail]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target as HTMLElement;
    // Keys typed in the menu or a dialog (portals) are theirs, and so are form fields.
    if (!event.currentTarget.contains(target) || target.closest('input, textarea, select, [contenteditable]'))
      return;
    const step = stepOfKey(event.key);
    if (step) {
      event.preventDefault();
      go(step);
      return;
    }
    const next = previewKey(event.key, transform);
    if (next) {
      event.preventDefault();
      setTransform(next);
    }
  };

  // The event's hunt: an image that has loaded, and is not behind the over-18 blur, may be a hidden one.
  useEventHunt(uuid, info !== undefined && !isBlurred({ nsfw: info.nsfw }, signedIn, ageConfirmed));
  const stateCard = (location.state as { card?: Card } | null)?.card;
  // On a files host, the user's own files need their read token (features/files).
  const own = user !== undefined && (info?.user_id ?? stateCard?.user_id) === user.id;
  const thumbnailSrc = useFileAddress(info?.thumbnail_src ?? stateCard?.thumbnail_src ?? '', own);
  const fullSrc = useFileAddress(info ? (info.upscaled_src ?? info.image_src) : '', own);
  const error = infoQuery.error ? errorCode(infoQuery.error) : null;
  if (error === 'image_not_found') return <Navigate to="/404" replace />;

  // The picture's alt text is its gallery card's (imageAlt: its main tags, else its kind and format, else
  // its author), from the info, or from the card while the info loads. A prompt without tags (one long
  // sentence is no tag) still says what the image shows: its first words.
  const altOf = info
    ? { mainTags: mainTags(info.tags), username: info.username, render: info.render, format: info.format }
    : stateCard && {
        mainTags: stateCard.main_tags,
        username: stateCard.username,
        render: stateCard.render,
        format: stateCard.format,
      };
  const alt = !altOf
    ? ''
    : altOf.mainTags.length === 0 && gen?.prompt
      ? firstWords(gen.prompt, 160)
      : imageAlt(tGallery, altOf);
  const picture: Picture | null =
    thumbnailSrc === null
      ? null
      : info
        ? {
            uuid,
            width: info.width,
            height: info.height,
            blurhash: info.blurhash,
            thumbnail: thumbnailSrc,
            full: fullSrc,
            alt,
          }
        : stateCard?.uuid === uuid
          ? {
              uuid,
              width: stateCard.width,
              height: stateCard.height,
              blurhash: stateCard.blurhash,
              thumbnail: thumbnailSrc,
              full: null,
              alt,
            }
          : null;
  const blurred = isBlurred({ nsfw: info?.nsfw ?? stateCard?.nsfw ?? false }, signedIn, ageConfirmed);
  const title = info ? t('title_by', { username: info.username }) : t('title');

  return (
    <RadixDialog.Root open onOpenChange={(open) => !open && close()}>
      <PageMeta
        title={title}
        noindex={info?.is_private}
        image={info && !info.is_private ? { url: `/images/${uuid}-social.jpg`, alt } : undefined}
      />
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={styles.backdrop} data-landed={landed || undefined} />
        <RadixDialog.Content
          className={styles.viewer}
          aria-describedby={shortcutsId}
          onKeyDown={onKeyDown}
          data-sheet={sheet}
          aria-busy={stepFrom !== null || undefined}
          data-testid="image-viewer"
          data-uuid={uuid}
          data-landed={landed || undefined}
        >
          <RadixDialog.Title className="visually-hidden">{title}</RadixDialog.Title>
          <p id={shortcutsId} className="visually-hidden">
            {t('shortcuts')}
          </p>
          <div className={styles.main}>
            <ViewerToolbar
              info={info}
              actions={actions}
              transform={transform}
              onTransform={setTransform}
              onClose={close}
              onReport={() => setDialog('report')}
              onDelete={() => setDialog('delete')}
              onUpscale={() => setDialog('upscale')}
              upscaleDisabled={!upscale.available || upscale.status !== null}
              onStep={go}
              menuButtonRef={menuButton}
            />
            <ImageStage
              picture={picture}
              transform={transform}
              blurred={blurred}
              canPrevious={neighbours.previous !== null}
              canNext={neighbours.next !== null}
              onStep={go}
            >
              {!info && !error && (
                <div className={styles.status} role="status" data-testid="viewer-loading">
                  <Spinner size={32} />
                  <span className="visually-hidden">{t('loading')}</span>
                </div>
              )}
              {error && (
                <div className={styles.status} role="alert" data-testid="viewer-error">
                  <p>{t('load_failed')}</p>
                  <Button variant="secondary" onClick={() => void infoQuery.refetch()}>
                    {t('retry')}
                  </Button>
                </div>
              )}
              {info && blurred && (
                <div
                  className={styles.ageGate}
                  role="group"
                  aria-labelledby="viewer-age-title"
                  data-testid="viewer-age-gate"
                >
                  <h2 id="viewer-age-title">{t('age.title')}</h2>
                  <p>{t('age.text')}</p>
                  <div className={styles.ageButtons}>
                    <Button variant="primary" onClick={confirmAdult} data-testid="viewer-age-confirm">
                      {t('age.confirm')}
                    </Button>
                    <Button variant="ghost" onClick={close}>
                      {t('age.under')}
                    </Button>
                  </div>
                </div>
              )}
              {upscale.status && <UpdatingOverlay status={upscale.status} />}
            </ImageStage>
          </div>
          {info && (
            <InfoPanel
              info={info}
              gen={gen}
              genPending={genWanted && genQuery.isPending}
              genError={!genWanted ? 'image_no_gen_data' : genQuery.error ? errorCode(genQuery.error) : null}
              actions={actions}
              expanded={sheet ? sheetOpen : null}
              onToggle={() => setSheetOpen((open) => !open)}
            />
          )}
          <DialogAnnouncer />
          <ReportDialog
            open={dialog === 'report'}
            onOpenChange={(open) => (open ? setDialog('report') : closeDialog())}
            pending={actions.pending === 'report'}
            onSubmit={actions.report}
          />
          <DeleteDialog
            open={dialog === 'delete'}
            onOpenChange={(open) => (open ? setDialog('delete') : closeDialog())}
            pending={actions.pending === 'delete'}
            onConfirm={() => void actions.remove()}
          />
          <UpscaleDialog
            open={dialog === 'upscale'}
            onOpenChange={(open) => (open ? setDialog('upscale') : closeDialog())}
            pending={upscale.requesting}
            onConfirm={upscale.request}
          />
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
