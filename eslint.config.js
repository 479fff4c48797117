// Type-aware lint for every workspace. Rules stay close to the recommended sets; the few overrides say why.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'test-results/**', '**/*.js', '**/*.mjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Fastify and React Router accept promise-returning handlers by design.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: false }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // A switch over a union names every member, so a new member is a compile-time to-do, not a silent default.
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // Files stay small enough to read (docs/architecture.md#rules-the-tools-enforce: no file over ~400 lines);
  // migrations are history.
  {
    files: ['**/*.{ts,tsx}'],
    ignores: ['apps/api/src/db/migrations/**'],
    rules: { 'max-lines': ['error', { max: 400 }] },
  },
  // Import boundaries (docs/architecture.md#rules-the-tools-enforce): the domain imports nothing of ours;
  // apps never import each other.
  {
    files: ['packages/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@mirage/*', '**/apps/**', '**/packages/**'],
              message: 'packages/domain imports nothing of ours.',
            },
          ],
        },
      ],
    },
  },
  ...[
    ['apps/api', ['web', 'worker']],
    ['apps/web', ['api', 'worker']],
    ['apps/worker', ['api', 'web']],
  ].map(([app, others]) => ({
    files: [`${app}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: others.flatMap((other) => [
                `@mirage/${other}`,
                `**/${other}/src/**`,
                `**/apps/${other}/**`,
              ]),
              message: 'Apps never import each other: share code through packages/.',
            },
          ],
        },
      ],
    },
  })),
  // Web features reach each other only through their index.ts (features/boundaries.test.ts also checks the
  // graph has no cycle). This block replaces the one above for these files, so it repeats its patterns.
  {
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['api', 'worker'].flatMap((other) => [
                `@mirage/${other}`,
                `**/${other}/src/**`,
                `**/apps/${other}/**`,
              ]),
              message: 'Apps never import each other: share code through packages/.',
            },
            {
              regex: String.raw`^(\.\./|\.\./\.\./features/)[^./][^/]*/(?!index\.ts$)`,
              message: "A feature reaches another only through that feature's index.ts.",
            },
          ],
        },
      ],
    },
  },
  // API features reach each other only through their index.ts, as the web's do. The specifier is all the rule
  // sees, so each folder depth gets its own block: from features/task/kinds/, `../../image/` is another feature.
  // Like the web block, these replace the apps block above for these files and repeat its patterns. The
  // composition root (app.ts, main.ts), apps/api/test, scripts and e2e may still wire feature internals.
  ...[1, 2, 3].map((depth) => ({
    files: [`apps/api/src/features/${'*/'.repeat(depth)}*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['web', 'worker'].flatMap((other) => [
                `@mirage/${other}`,
                `**/${other}/src/**`,
                `**/apps/${other}/**`,
              ]),
              message: 'Apps never import each other: share code through packages/.',
            },
            {
              regex: String.raw`^(\.\./){${depth}}[^./][^/]*/(?!index\.ts$)`,
              message: "A feature reaches another only through that feature's index.ts.",
            },
          ],
        },
      ],
    },
  })),
);
