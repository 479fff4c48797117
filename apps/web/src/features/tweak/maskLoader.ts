/**
 * The mask editor and the mask's PNG encoder load apart from the page (its route stays within the web
 * budget, scripts/check-web-budget.mjs); the studio starts loading them as it mounts, beside its data.
 */
export const loadMaskEditor = () => import('./mask/MaskEditor.tsx');
export const loadMaskPng = () => import('./mask/png.ts');
