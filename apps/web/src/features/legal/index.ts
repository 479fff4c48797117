/** The legal documents' page (docs/product/legal.md). The footer links them through `@mirage/domain/legal`. */
export { LegalView } from './LegalView.tsx';
