/** The about page (/about; docs/product/content.md#about-page). */
export { AboutView, type AboutViewProps } from './AboutView.tsx';
