/**
 * Saved prompts (docs/product/collections-and-prompts.md#saved-prompts, /api/prompt): a saved prompt
 * is a named gallery search (positive / optional / negative tags and styles) that its owner can share
 * and others can subscribe to. Everything here is for signed-in users.
 *
 * Wiring into the gallery search panel (done in gallery/SavedSearches.tsx; the panel owns the search and
 * the dialogs' open state):
 *
 * ```tsx
 * const { t } = useTranslation('prompt');
 * const [saving, setSaving] = useState(false);
 * const [browsing, setBrowsing] = useState(false);
 * // A search from a prompt replaces the tags and styles; the panel's formats, renders, gen types stay.
 * const apply = (picked: PromptSearch) => onChange(withSavedSearch(search, picked));
 *
 * <Button onClick={() => setSaving(true)} disabled={!canSaveSearch(search)}>{t('save.open')}</Button>
 * <Button onClick={() => setBrowsing(true)}>{t('browser.open')}</Button>
 * <QuickSavedList onApply={apply} collapsible />
 * <SavePromptDialog open={saving} onOpenChange={setSaving} search={search} />
 * <PromptBrowserDialog open={browsing} onOpenChange={setBrowsing} onApply={apply} />
 * ```
 *
 * `GallerySearch` has the fields of `PromptSearch` (pos, opt, neg as {id, name}[], styles), so the
 * panel's search is passed as is. Test ids are listed in apps/web/TESTIDS.md (Saved prompts).
 */

import { onFirstOpen } from '../../ui/onFirstOpen.tsx';
import type { PromptBrowserDialogProps } from './PromptBrowserDialog.tsx';

/**
 * Saves the given search under a name: `{ open, onOpenChange, search, onSaved? }`. Shows the tags and
 * styles it keeps, a "share with the community" switch, and errors inline (e.g. the 100-prompt limit);
 * success closes it with a notice. A search without tags cannot be saved (the dialog says so).
 */
export { SavePromptDialog, type SavePromptDialogProps } from './SavePromptDialog.tsx';

/**
 * The browser of saved prompts, "My prompts" and "Community" (plus a "subscribed" switch), with name
 * search, sort, paging (5 a page) and the row actions: Apply, Subscribe, Publish, Delete.
 * `{ open, onOpenChange, onApply(search) }`; Apply calls onApply and closes the dialog.
 */
export type { PromptBrowserDialogProps } from './PromptBrowserDialog.tsx';
/** The prompt browser, loaded when first opened (ui/onFirstOpen.tsx). */
export const PromptBrowserDialog = onFirstOpen<PromptBrowserDialogProps>(() =>
  import('./PromptBrowserDialog.tsx').then((module) => module.PromptBrowserDialog),
);

/**
 * The user's own saved prompts (up to 100, newest first) as a compact scrolling list of buttons for the
 * side panel: `{ onApply(search), onManage?, collapsible? }` (collapsible: folded under its heading on
 * phones). Applying one shows a notice. Renders nothing for guests.
 */
export { QuickSavedList, type QuickSavedListProps } from './QuickSavedList.tsx';

/**
 * Queries and mutations (TanStack Query). Keys start with PROMPT_QUERY_KEY (['prompt']); every change
 * invalidates them all. useSavedPrompts() is the quick list's query (mine, page 0, size 100).
 */
export {
  PROMPT_QUERY_KEY,
  invalidatePrompts,
  promptListKey,
  useDeletePrompt,
  usePromptPage,
  usePublishPrompt,
  useSavedPrompts,
  useSavePrompt,
  useSubscribePrompt,
} from './queries.ts';

/**
 * The search a saved prompt keeps, and the pure mapping between it and the API. canSaveSearch(search)
 * tells whether a search can be saved as it is (at least one tag, within the limits): the save button.
 */
export {
  canSaveSearch,
  searchOfPrompt,
  searchProblem,
  toSaveBody,
  type PromptSearch,
  type PromptTag,
  type SavedPrompt,
} from './model.ts';
