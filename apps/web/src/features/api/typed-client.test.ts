import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The web app's calls are typed from @mirage/contract (client.ts `call`): renaming a field of an
 * answer in the contract must break the web app's build, not a user. This type-checks real web files
 * against the contract as it is (no error) and against a copy of the contract where one answer field is
 * renamed (errors where the web reads it).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const contractFile = path.join(root, 'packages/contract/src/generation.ts');
const webFiles = ['apps/web/src/features/generator/api.ts', 'apps/web/src/features/task/taskStore.ts'].map(
  (file) => path.join(root, file),
);

let previous: ts.Program | undefined;

function typeErrors(replace?: { file: string; from: string; to: string }): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(root, 'apps/web/tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  if (!config) throw new Error('apps/web/tsconfig.json does not parse');
  const host = ts.createCompilerHost(config.options);
  const readFile = host.readFile.bind(host);
  host.readFile = (file) => {
    const text = readFile(file);
    if (!replace || path.resolve(file) !== replace.file || text === undefined) return text;
    expect(text, 'the field to rename is in the contract').toContain(replace.from);
    return text.replaceAll(replace.from, replace.to);
  };
  // The second program reuses the first one's unchanged files (zod, React, the domain): half the time.
  const program = ts.createProgram(webFiles, config.options, host, previous);
  previous = program;
  return ts
    .getPreEmitDiagnostics(program)
    .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
}

describe('the typed client', () => {
  it('compiles against the contract as it is', () => {
    expect(typeErrors()).toEqual([]);
  }, 60_000);

  it('fails to compile when the contract renames a field the web app reads', () => {
    const errors = typeErrors({ file: contractFile, from: 'task_id: z.uuid(),', to: 'taskId: z.uuid(),' });
    expect(errors.join('\n')).toMatch(/task_id/);
  }, 60_000);
});
