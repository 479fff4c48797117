import { GuideView } from '../features/guide/index.ts';

/** /guide (docs/product/routes.md#routes): the user guide. */
export default function GuidePage() {
  return <GuideView />;
}
