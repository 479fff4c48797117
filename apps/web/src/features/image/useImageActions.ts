/**
 * The image menu's actions (docs/product/image-viewer.md#image-menu): favourite, privacy, report, clone, see
 * similar, download, share, copy link, delete. Each answers with a notice (docs/product/errors.md:
 * image_private, image_public, report and clipboard for 4 s; errors as their code's message).
 */
import { isPremium } from '@mirage/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notify, NOTICE_DEFAULT_MS } from '../../ui/notice.ts';
import { errorCode, useErrorText } from '../api/index.ts';
import { fetchTagSuggestions, GALLERY_QUERY_KEY } from '../gallery/index.ts';
import { useStyles } from '../catalogue/index.ts';
import { ownFileAddressNow } from '../files/index.ts';
import { planOf, browserStorage, loadPromptData, replacePromptData } from '../generator/index.ts';
import { useSession } from '../session/index.ts';
import {
  addFavorite,
  deleteImage,
  removeFavorite,
  reportImage,
  togglePrivate,
  type ImageGenInfo,
  type ImageInfo,
} from './api.ts';
import { similarPath, SIMILAR_TAG_COUNT, tagSearchPath } from './boardQuery.ts';
import { clonedPromptData, matchTagId, splitTags } from './details.ts';
import { imageInfoKey } from './queries.ts';

/** docs/product/errors.md: these notices show for 4 s. */
const NOTICE_MS = NOTICE_DEFAULT_MS;

/**
 * The public address of an image (docs/product/image-viewer.md#image-menu: share copies the link
 * /image/{uuid}).
 */
export function imageLink(uuid: string): string {
  return `${window.location.origin}/image/${encodeURIComponent(uuid)}`;
}

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

export type PendingAction = 'favorite' | 'private' | 'report' | 'delete' | 'similar' | 'tag' | null;

export function useImageActions(options: {
  info: ImageInfo | undefined;
  gen: ImageGenInfo | undefined;
  /** Leaves the viewer (after a delete). */
  onDeleted: () => void;
}) {
  const { info, gen, onDeleted } = options;
  const { t } = useTranslation('image');
  const errorText = useErrorText();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { signedIn, user } = useSession();
  const styles = useStyles();
  const [pending, setPending] = useState<PendingAction>(null);
  const premium = user ? isPremium(user) : false;

  const fail = useCallback((error: unknown) => notify(errorText(errorCode(error)), 'error'), [errorText]);

  const patchInfo = useCallback(
    (uuid: string, patch: Partial<ImageInfo>) =>
      queryClient.setQueryData<ImageInfo>(imageInfoKey(uuid), (current) =>
        current ? { ...current, ...patch } : current,
      ),
    [queryClient],
  );

  const refreshGalleries = useCallback(() => {
    // The viewer's board pages live under the same key.
    void queryClient.invalidateQueries({ queryKey: GALLERY_QUERY_KEY });
  }, [queryClient]);

  const run = useCallback(
    async (action: Exclude<PendingAction, null>, work: () => Promise<void>) => {
      setPending(action);
      try {
        await work();
      } catch (error) {
        fail(error);
      } finally {
        setPending(null);
      }
    },
    [fail],
  );

  const toSignIn = useCallback(() => navigate('/account/signin'), [navigate]);

  const toggleFavorite = useCallback(async () => {
    if (!info) return;
    if (!signedIn) return toSignIn();
    const wanted = !info.is_favorite;
    // Optimistic: the heart fills at once and comes back if the server refuses.
    patchInfo(info.uuid, { is_favorite: wanted });
    await run('favorite', async () => {
      try {
        await (wanted ? addFavorite(info.uuid) : removeFavorite(info.uuid));
        notify(t(wanted ? 'notice.favorited' : 'notice.unfavorited'), 'success', NOTICE_MS);
        refreshGalleries();
      } catch (error) {
        // Already a favourite: the state the user asked for is true, say so.
        patchInfo(info.uuid, { is_favorite: errorCode(error) === 'duplicate_favorite' ? true : !wanted });
        throw error;
      }
    });
  }, [info, signedIn, toSignIn, patchInfo, run, t, refreshGalleries]);

  const togglePrivacy = useCallback(async () => {
    if (!info?.is_owner) return;
    await run('private', async () => {
      const { is_private } = await togglePrivate(info.uuid);
      patchInfo(info.uuid, { is_private });
      notify(t(is_private ? 'notice.image_private' : 'notice.image_public'), 'success', NOTICE_MS);
      refreshGalleries();
    });
  }, [info, run, patchInfo, t, refreshGalleries]);

  const report = useCallback(
    async (flag: number): Promise<boolean> => {
      if (!info) return false;
      let sent = false;
      await run('report', async () => {
        const answer = await reportImage(info.uuid, flag);
        notify(
          t(answer.already_reported ? 'notice.already_reported' : 'notice.report'),
          'success',
          NOTICE_MS,
        );
        sent = true;
      });
      return sent;
    },
    [info, run, t],
  );

  const remove = useCallback(async () => {
    if (!info?.is_owner) return;
    await run('delete', async () => {
      await deleteImage(info.uuid);
      notify(t('notice.deleted'), 'success', NOTICE_MS);
      refreshGalleries();
      queryClient.removeQueries({ queryKey: imageInfoKey(info.uuid) });
      onDeleted();
    });
  }, [info, run, t, refreshGalleries, queryClient, onDeleted]);

  const clone = useCallback(() => {
    if (!gen) return;
    const plan = planOf(user);
    const storage = browserStorage();
    const current = loadPromptData(storage, plan);
    const offered = (styles.data ?? []).filter((style) => style.txt2img);
    replacePromptData(storage, clonedPromptData(gen, info, current, plan, offered));
    notify(t('notice.cloned'), 'success', NOTICE_MS);
    void navigate('/create');
  }, [gen, info, user, styles.data, t, navigate]);

  /**
   * Opens the image in the tweak studio (docs/product/generation.md#tweak: own images and public ones of
   * others); /tweak needs an account, so a visitor signs in first.
   */
  const tweak = useCallback(() => {
    if (!info) return;
    if (!signedIn) return void toSignIn();
    void navigate(`/tweak?image=${info.uuid}`);
  }, [info, signedIn, toSignIn, navigate]);

  /** The ids of some of the image's tags, found by name (the first ones of the prompt first). */
  const resolveTags = useCallback(
    async (names: readonly string[]) => {
      const found = await Promise.all(
        names.map(async (name) => {
          const tags = await fetchTagSuggestions(name).catch(() => []);
          const id = matchTagId(name, tags, info?.tag_ids ?? []);
          return id === null ? null : { id, name };
        }),
      );
      return found.filter((tag): tag is { id: number; name: string } => tag !== null);
    },
    [info],
  );

  const seeSimilar = useCallback(async () => {
    if (!info) return;
    await run('similar', async () => {
      const tags = await resolveTags(splitTags(info.tags).slice(0, SIMILAR_TAG_COUNT));
      void navigate(similarPath(info.style_id, tags));
    });
  }, [info, run, resolveTags, navigate]);

  const searchTag = useCallback(
    async (name: string) => {
      await run('tag', async () => {
        const [tag] = await resolveTags([name]);
        if (tag) void navigate(tagSearchPath(tag));
        else notify(t('notice.tag_not_found'), 'info', NOTICE_MS);
      });
    },
    [run, resolveTags, navigate, t],
  );

  /** docs/product/image-viewer.md#image-menu: a failed download is swallowed. */
  const download = useCallback(async () => {
    if (!info) return;
    try {
      const src = info.is_owner ? await ownFileAddressNow(info.png_src) : info.png_src;
      const response = await fetch(src, { credentials: 'same-origin' });
      if (!response.ok) return;
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = `mirage-${info.uuid}.png`;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch {
      // Swallowed (docs/product/image-viewer.md#image-menu).
    }
  }, [info]);

  const copyLink = useCallback(async () => {
    if (!info) return;
    const url = imageLink(info.uuid);
    if (await copyText(url)) notify(t('notice.clipboard'), 'success', NOTICE_MS);
    else notify(t('notice.clipboard_failed', { url }), 'info', 8000);
  }, [info, t]);

  /**
   * The browser's share sheet when there is one, else the link is copied
   * (docs/product/image-viewer.md#image-menu).
   */
  const share = useCallback(async () => {
    if (!info) return;
    const data = { title: t('share.title'), url: imageLink(info.uuid) };
    if (typeof navigator.share === 'function' && (navigator.canShare?.(data) ?? true)) {
      try {
        await navigator.share(data);
        return;
      } catch (error) {
        // The user closed the sheet: nothing to do. Any other failure falls back to copying.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    await copyLink();
  }, [info, t, copyLink]);

  const copyPrompt = useCallback(async () => {
    if (!gen) return;
    if (await copyText(gen.prompt)) notify(t('notice.prompt_copied'), 'success', NOTICE_MS);
  }, [gen, t]);

  return useMemo(
    () => ({
      signedIn,
      premium,
      pending,
      canClone: gen !== undefined,
      // Samples and legacy images have no generation data to tweak from (image_no_gen_data).
      canTweak: info?.has_gen_data === true,
      toggleFavorite,
      togglePrivacy,
      report,
      remove,
      clone,
      tweak,
      seeSimilar,
      searchTag,
      download,
      copyLink,
      share,
      copyPrompt,
      toSignIn,
    }),
    [
      signedIn,
      premium,
      pending,
      gen,
      info,
      toggleFavorite,
      togglePrivacy,
      report,
      remove,
      clone,
      tweak,
      seeSimilar,
      searchTag,
      download,
      copyLink,
      share,
      copyPrompt,
      toSignIn,
    ],
  );
}

export type ImageActions = ReturnType<typeof useImageActions>;
