/** The galleries (explore, collection, creations, a user's): what other features use of them. */
export { confirmAdult, isBlurred, useAgeConfirmed } from './ageGate.ts';
export { AgeDialog } from './AgeDialog.tsx';
export { fetchTagSuggestions, searchGallery, type GalleryCard, type GalleryQuery } from './api.ts';
export { boardContextFromQuery, boardScope, galleryPath, imageHref } from './boards.ts';
export { imageAlt, type AltSubject } from './imageAlt.ts';
export { EMPTY_SEARCH, parseSearch, toSearchBody, writeSearch, type SearchTag } from './searchState.ts';
export { TagCombobox } from './TagCombobox.tsx';
export { GALLERY_QUERY_KEY } from './useGalleryFeed.ts';
