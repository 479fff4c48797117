// Types of scripts/check-web-budget.mjs for its unit test (apps/web/src/budget.test.ts).
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export interface BudgetRow {
  name: string;
  kind: 'entry' | 'route' | 'lazy';
  files: string[];
  raw: number;
  gzip: number;
  brotli: number;
  budget: number;
}
export const ENTRY_BUDGET: number;
export const LAZY_BUDGET: number;
export function measure(
  manifest: Record<string, ManifestChunk>,
  sizeOf: (file: string) => { raw: number; gzip: number; brotli: number },
  budgets?: { entry: number; lazy: number },
): { rows: BudgetRow[]; failures: BudgetRow[] };
export function formatTable(rows: BudgetRow[]): string;
export const ZOD_FREE_ROUTES: readonly string[];
export function zodOnFirstLoad(
  manifest: Record<string, ManifestChunk>,
  textOf: (file: string) => string,
  routes?: readonly string[],
): { route: string; file: string }[];
export const ENTRY_MAX_SCRIPTS: number;
export function firstLoadSplit(manifest: Record<string, ManifestChunk>, max?: number): string[];
