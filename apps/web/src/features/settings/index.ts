/**
 * Settings pieces other features reuse: the hidden-tags card and its queries (the account-setup dialog
 * shows the same chips and keeps the content filter in the same list).
 */
export { HiddenTagsCard } from './HiddenTagsCard.tsx';
export { systemTagValue, withHiddenTag, withoutHiddenTag, type HiddenTag } from './hiddenTags.ts';
export { useHiddenTags, useSetHiddenTags, useSystemTags } from './useHiddenTags.ts';
