import { capabilitiesFor } from '@mirage/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CatalogueGate } from './CatalogueGate.tsx';
import { useNavigate } from 'react-router';
import { useCloseWhenPageHidden, usePageActive } from '../../app/keepAlive/pageActivity.ts';
import { notify } from '../../ui/notice.ts';
import { NARROW_SCREEN } from '../../ui/useMediaQuery.ts';
import { createAssistantStore, requestSuggestion } from '../assistant/index.ts';
import { GALLERY_QUERY_KEY } from '../gallery/index.ts';
import { ME_QUERY_KEY, useSession } from '../session/index.ts';
import { type GraphicStyle, useModerationRules, useModifiers, useStyles } from '../catalogue/index.ts';
import { indexModifiers, styleRefusal } from './boosters.ts';
import { planOf } from './createFlow.ts';
import { GeneratorContext, type GeneratorContextValue, type GeneratorModal } from './GeneratorContext.ts';
import { createTaskStore, type TaskEnd, useTaskFeed } from '../task/index.ts';
import { FAILED_TASK_CLEANUP_MS, GENERATION_ERROR_NOTICE_MS, GENERATOR_NOTICE_MS } from './timing.ts';
import { useGeneratorSettings } from './useGeneratorSettings.ts';
import { useLocalTasks } from './useLocalTasks.ts';

export const STYLE_PICKER_ID = 'generator-styles';

/** Inpaint and style conversion: their outcome is the tweak page's to tell (features/tweak). */
const TWEAK_TYPES = new Set(['inpaint', 'style_convert']);

/** Loads the catalogue, holds the generator's state and the task stream, and shares them with the panels. */
export function GeneratorProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation('generator');
  const queryClient = useQueryClient();
  const { signedIn, user, loading } = useSession();
  const stylesQuery = useStyles();
  const modifiersQuery = useModifiers();
  const rulesQuery = useModerationRules();

  const plan = planOf(user);
  const allStyles = stylesQuery.data;
  const offered = useMemo(() => (allStyles ?? []).filter((style) => style.txt2img), [allStyles]);
  const ready = stylesQuery.isSuccess && !loading;
  const state = useGeneratorSettings(plan, offered, ready);
  const { settings, update } = state;
  const categories = modifiersQuery.data;
  const modifiers = useMemo(() => indexModifiers(categories ?? []), [categories]);

  const [tasks] = useState(createTaskStore);
  const [assistant] = useState(() => createAssistantStore(requestSuggestion));
  useEffect(() => () => assistant.dispose(), [assistant]);
  const [modal, setModal] = useState<GeneratorModal | null>(null);
  const closeModal = useCallback(() => setModal(null), []);
  // The page stays mounted while another one shows (kept alive): its dialogs close when it is left.
  useCloseWhenPageHidden(() => setModal(null));

  const refreshUser = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
  }, [queryClient]);

  // Whether /create is the page on screen (it stays mounted, hidden, while another page shows).
  const navigate = useNavigate();
  const pageActive = usePageActive();
  const pageActiveRef = useRef(pageActive);
  useEffect(() => {
    pageActiveRef.current = pageActive;
  }, [pageActive]);

  const onEnd = useCallback(
    ({ task, outcome }: TaskEnd) => {
      refreshUser();
      if (outcome === 'done') {
        // docs/product/generation.md#task-outcome: creations are flagged for refresh — a kept-alive
        // /creations refetches in the background.
        void queryClient.invalidateQueries({ queryKey: [...GALLERY_QUERY_KEY, 'creations'] });
        // docs/product/generation.md#task-outcome: a "generation done" notice with a way to the image, away
        // from the generator, not on phones.
        // An upscale started in the viewer has its own notice there ("Image upscaled"), and a tweak on
        // the tweak page (features/tweak).
        const uuid = task.image_uuid;
        const away = !pageActiveRef.current && !window.matchMedia(NARROW_SCREEN).matches;
        if (uuid && away && task.genType === 'txt2img') {
          notify(t('notice.done'), 'success', GENERATOR_NOTICE_MS, {
            label: t('notice.open'),
            onSelect: () => void navigate(`/image/${uuid}`),
          });
        }
        return;
      }
      setTimeout(() => tasks.dismiss(task.task_id), FAILED_TASK_CLEANUP_MS);
      // A tweak's failure is told on the tweak page, which follows the same stream.
      if (TWEAK_TYPES.has(task.genType)) return;
      notify(t('notice.failed'), 'error', GENERATION_ERROR_NOTICE_MS);
      // docs/product/generation.md#task-outcome: refunded unless eco mode (an eco image costs nothing to
      // refund).
      if (task.refunded && task.cost > 0) {
        notify(t('notice.ticket_refunded', { count: task.cost }), 'info', GENERATOR_NOTICE_MS);
      }
    },
    [navigate, queryClient, refreshUser, t, tasks],
  );
  // The app's live stream (app/events) feeds the results; it also refreshes the user on a revoked session.
  useTaskFeed(tasks, onEnd);
  // The user's recent tasks kept in the browser show at once after a reload, before the stream answers.
  useLocalTasks(tasks, user?.id);

  const chooseStyle = useCallback(
    (style: GraphicStyle) => {
      const refusal = styleRefusal(style, plan, settings.modifiers, modifiers);
      if (refusal) setModal(refusal);
      else update({ style_id: style.id });
    },
    [plan, settings.modifiers, modifiers, update],
  );

  const focusStyles = useCallback(() => {
    const picker = document.getElementById(STYLE_PICKER_ID);
    const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    picker?.scrollIntoView({ behavior: smooth ? 'smooth' : 'auto', block: 'center' });
    picker?.querySelector<HTMLElement>('button:not(:disabled)')?.focus({ preventScroll: true });
  }, []);

  const value = useMemo<GeneratorContextValue | null>(
    () =>
      categories && rulesQuery.data
        ? {
            signedIn,
            user,
            plan,
            capabilities: capabilitiesFor(plan),
            styles: offered,
            categories,
            modifiers,
            rules: rulesQuery.data,
            ...state,
            chooseStyle,
            tasks,
            modal,
            openModal: setModal,
            closeModal,
            refreshUser,
            focusStyles,
            assistant,
          }
        : null,
    [
      categories,
      rulesQuery.data,
      signedIn,
      user,
      plan,
      offered,
      modifiers,
      state,
      chooseStyle,
      tasks,
      modal,
      closeModal,
      refreshUser,
      focusStyles,
      assistant,
    ],
  );

  return (
    <CatalogueGate
      queries={[stylesQuery, modifiersQuery, rulesQuery]}
      ready={Boolean(value) && ready}
      texts={{ loading: t('loading'), failed: t('load_failed'), retry: t('retry') }}
      testId="generator-loading"
    >
      {value && <GeneratorContext.Provider value={value}>{children}</GeneratorContext.Provider>}
    </CatalogueGate>
  );
}
