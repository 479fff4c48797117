/** Cookie-less analytics after consent (docs/product/routes.md#analytics); its loader is lazy. */
export { Analytics } from './Analytics.tsx';
export { analyticsWanted, type AnalyticsConfig } from './wanted.ts';
