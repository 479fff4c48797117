// Writes the OpenAPI document the API serves at /api/docs/json to a file (default
// test-results/openapi.json), built from the routes as registered — the same document an integrator
// downloads. `npm run lint:openapi` lints it with Spectral (.spectral.yaml).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startEmbeddedApp } from './embedded-app.ts';

const target = path.resolve(process.argv[2] ?? 'test-results/openapi.json');
const { app, close } = await startEmbeddedApp({
  PUBLIC_URL: process.env.PUBLIC_URL ?? 'https://mirage.example',
});
try {
  await app.ready();
  const answer = await app.inject({ method: 'GET', url: '/api/docs/json' });
  if (answer.statusCode !== 200) throw new Error(`/api/docs/json answered ${answer.statusCode}`);
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, `${JSON.stringify(JSON.parse(answer.body), null, 2)}\n`);
  console.log(`OpenAPI document written to ${path.relative(process.cwd(), target)}`);
} finally {
  await close();
}
