import { capabilitiesFor, DEFAULT_RENDER, type Render } from '@mirage/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useCloseWhenPageHidden } from '../../app/keepAlive/pageActivity.ts';
import { useModerationRules, useModifiers, useStyles, type GraphicStyle } from '../catalogue/index.ts';
import {
  CatalogueGate,
  GeneratorContext,
  indexModifiers,
  planOf,
  styleRefusal,
  type GeneratorContextValue,
  type GeneratorModal,
} from '../generator/index.ts';
import { ME_QUERY_KEY, useSession } from '../session/index.ts';
import { loadMaskEditor } from './maskLoader.ts';
import { uuidOrNull } from './persistence.ts';
import { asGeneratorSettings, pickShared } from './settings.ts';
import { defaultInpaintStyle, renderOf, startingPrompts } from './source.ts';
import { TweakContext, type MaskSnapshot, type TweakContextValue } from './TweakContext.ts';
import { effectiveMode, followedTask, tweakPrice } from './tweakFlow.ts';
import { useTweakData } from './useTweakData.ts';
import { useTweakSource, type SourceStatus } from './useTweakSource.ts';
import { useTweakSubmit } from './useTweakSubmit.ts';
import { useTweakTasks } from './useTweakTasks.ts';

/** The DOM id of the inpaint style picker (the no-style modal scrolls to it). */
export const TWEAK_STYLE_PICKER_ID = 'tweak-styles';

/**
 * Loads the catalogue, the user and the source (?image={uuid}, else the one kept in tweakData), holds the
 * studio's state and task stream, and shares them: with the studio's panels (TweakContext), and with the
 * generator's panels it reuses — style, prompts, boosters, seed, plan modals — through a GeneratorContext of
 * its own whose settings are the inpaint's.
 */
export function TweakProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation('tweak');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { signedIn, user, loading } = useSession();
  const stylesQuery = useStyles();
  const modifiersQuery = useModifiers();
  const rulesQuery = useModerationRules();

  const plan = planOf(user);
  const capabilities = capabilitiesFor(plan);
  const allStyles = useMemo(() => stylesQuery.data ?? [], [stylesQuery.data]);
  // Inpaint redraws with a style like txt2img (style_not_txt2img otherwise).
  const offered = useMemo(() => allStyles.filter((style) => style.txt2img), [allStyles]);
  const ready = stylesQuery.isSuccess && !loading;
  const state = useTweakData(plan, offered, ready);
  const { data, update, adoptSource, setTaskId, setMask } = state;
  const categories = modifiersQuery.data;
  const modifiers = useMemo(() => indexModifiers(categories ?? []), [categories]);

  // The editor's code comes with the catalogue and the source, not after them.
  useEffect(() => {
    void loadMaskEditor();
  }, []);

  const [modal, setModal] = useState<GeneratorModal | null>(null);
  const closeModal = useCallback(() => setModal(null), []);
  // Kept alive: the dialogs close when the page is left.
  useCloseWhenPageHidden(() => setModal(null));
  const refreshUser = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
  }, [queryClient]);

  // The source: the address's, else the one the user left (a reload, a visit elsewhere).
  const [params] = useSearchParams();
  const param = params.get('image');
  const requested = param === null ? data.source : uuidOrNull(param);
  const loaded = useTweakSource(requested);
  const status: SourceStatus = param !== null && requested === null ? { kind: 'not-found' } : loaded;

  // A new source starts from its own prompts and style (derived during render: no flash of the old one).
  const arrived = status.kind === 'ready' ? status.source : null;
  if (ready && arrived && data.source !== arrived.uuid) {
    const style = defaultInpaintStyle(arrived.styleId, offered, plan, arrived.render);
    const fallbackRender: Render = arrived.render === 'realistic' ? 'realistic' : DEFAULT_RENDER;
    adoptSource(
      arrived.uuid,
      { ...startingPrompts(arrived), style_id: style?.id ?? null },
      renderOf(style?.id ?? null, offered, fallbackRender),
    );
  }
  const source = arrived && data.source === arrived.uuid ? arrived : null;

  const [maskSnapshot, setMaskSnapshot] = useState<MaskSnapshot | null>(null);
  const mask = maskSnapshot && source && maskSnapshot.source === source.uuid ? maskSnapshot : null;
  const onMask = useCallback(
    (next: MaskSnapshot) => {
      setMaskSnapshot(next);
      const blank = next.document.done.length === 0 && next.document.undone.length === 0;
      setMask(next.source, blank ? null : next.document);
    },
    [setMask],
  );

  const unfollow = useCallback(
    (taskId: string) => {
      if (data.taskId === taskId) setTaskId(null);
    },
    [data.taskId, setTaskId],
  );
  const { store, tasks } = useTweakTasks({ followedId: data.taskId, unfollow, refreshUser });
  const mode = effectiveMode(data.mode, plan);
  const submit = useTweakSubmit({
    mode,
    source,
    loading: status.kind === 'loading' || (arrived !== null && source === null) || !ready,
    user,
    settings: data.settings,
    update,
    allStyles,
    rules: rulesQuery.data ?? [],
    mask,
    store,
    tasks,
    follow: setTaskId,
    openModal: setModal,
    refreshUser,
  });

  const chooseStyle = useCallback(
    (style: GraphicStyle) => {
      const refusal = styleRefusal(style, plan, data.settings.modifiers, modifiers);
      if (refusal) setModal(refusal);
      else update({ style_id: style.id });
    },
    [plan, data.settings.modifiers, modifiers, update],
  );
  const focusStyles = useCallback(() => {
    const picker = document.getElementById(TWEAK_STYLE_PICKER_ID);
    const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    picker?.scrollIntoView({ behavior: smooth ? 'smooth' : 'auto', block: 'center' });
    picker?.querySelector<HTMLElement>('button:not(:disabled)')?.focus({ preventScroll: true });
  }, []);

  const generator = useMemo<GeneratorContextValue | null>(
    () =>
      categories && rulesQuery.data
        ? {
            signedIn,
            user,
            plan,
            capabilities,
            styles: offered,
            categories,
            modifiers,
            rules: rulesQuery.data,
            settings: asGeneratorSettings(data.settings, plan),
            render: data.render,
            update: (patch) => update(pickShared(patch)),
            setRender: state.setRender,
            chooseStyle,
            tasks: store,
            modal,
            openModal: setModal,
            closeModal,
            refreshUser,
            focusStyles,
          }
        : null,
    [
      categories,
      rulesQuery.data,
      signedIn,
      user,
      plan,
      capabilities,
      offered,
      modifiers,
      data.settings,
      data.render,
      update,
      state.setRender,
      chooseStyle,
      store,
      modal,
      closeModal,
      refreshUser,
      focusStyles,
    ],
  );

  const value: TweakContextValue = {
    ...state,
    user,
    plan,
    capabilities,
    mode,
    allStyles,
    status,
    mask,
    onMask,
    tasks,
    followed: followedTask(tasks, data.taskId),
    price: tweakPrice(data.settings, source, plan),
    ...submit,
    openModal: setModal,
    continueFrom: (uuid) => void navigate(`/tweak?image=${uuid}`),
  };

  return (
    <CatalogueGate
      queries={[stylesQuery, modifiersQuery, rulesQuery]}
      ready={Boolean(generator) && ready}
      texts={{ loading: t('loading'), failed: t('load_failed'), retry: t('retry') }}
      testId="tweak-loading"
    >
      {generator && (
        <GeneratorContext.Provider value={generator}>
          <TweakContext.Provider value={value}>{children}</TweakContext.Provider>
        </GeneratorContext.Provider>
      )}
    </CatalogueGate>
  );
}
