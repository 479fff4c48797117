/** Shared data of the tests that process images (not shipped: only tests import it). */
import { createMarker, type MarkingConfig } from './marker.ts';
import { makeDevelopmentMaterial } from './signing-material.ts';

/** One development root and signer per test process: making them costs ~20 ms. */
let shared: Promise<Awaited<ReturnType<typeof makeDevelopmentMaterial>>> | undefined;
export const testSigningMaterial = () => (shared ??= makeDevelopmentMaterial());

/** How a test's processor marks files: the development signer, pages on http://localhost:8080. */
export async function testMarking(): Promise<MarkingConfig> {
  const { chain, key } = await testSigningMaterial();
  return { publicUrl: 'http://localhost:8080', material: { chain, key } };
}

export const testMarker = async () => createMarker(await testMarking());
