// bench:provenance — how well the provenance check's perceptual hash tells this service's images apart
// (issue 18 §2; docs/architecture/provenance.md#provenance-check). It paints N different images with the
// built-in preview engine (different prompts, seeds, styles and formats), then:
// - the false-match rate: of the N·(N−1)/2 pairs of different images, how many are within the match
//   distance (SAME_PICTURE_MAX_DISTANCE); and the closest pair;
// - the recognition rate: copies of each image altered as a re-post would alter them (metadata stripped and
//   re-encoded as JPEG, halved, cropped by a few per cent, screenshotted into a larger frame), and how many
//   are within the distance of their original; the distances' spread;
// - the cost of hashing a full-size 1024×1408 picture.
// N = BENCH_IMAGES (default 1000).
import sharp from 'sharp';
import {
  SAME_PICTURE_MAX_DISTANCE,
  hammingDistance,
  perceptualHash,
} from '../packages/domain/src/provenance/perceptual-hash.ts';
import { defaultSceneInput, renderField } from '../packages/preview-renderer/src/index.ts';

const COUNT = Number(process.env.BENCH_IMAGES ?? 1000);
const SUBJECTS = [
  'a lighthouse at dusk',
  'a quiet harbour at dawn',
  'a forest path in autumn',
  'a city street in the rain',
];
const EXTRAS = [
  '',
  ', warm light',
  ', wide shot',
  ', close-up',
  ', snow',
  ', neon signs',
  ', mist',
  ', golden hour',
];
const STYLES = ['anime_a', 'anime_b', 'real_a', 'real_b'];
const FORMATS = [
  [512, 704],
  [704, 512],
  [608, 608],
] as const;

async function hashOf(file: Buffer, trim = false): Promise<bigint> {
  const { data, info } = await (trim ? sharp(file).trim({ threshold: 20 }) : sharp(file))
    .raw()
    .toBuffer({ resolveWithObject: true });
  return perceptualHash(data, info.width, info.height, info.channels);
}

/** The copies a re-post makes of a picture (each decoded again: no metadata, new encoding). */
const ALTERATIONS: Record<string, (png: Buffer, width: number, height: number) => Promise<Buffer>> = {
  'JPEG 75, no metadata': (png) => sharp(png).jpeg({ quality: 75 }).toBuffer(),
  'half size, JPEG 60': (png, width) =>
    sharp(png)
      .resize({ width: Math.round(width / 2) })
      .jpeg({ quality: 60 })
      .toBuffer(),
  'cropped 3 % each side, WebP 70': (png, width, height) => {
    const dx = Math.round(width * 0.03);
    const dy = Math.round(height * 0.03);
    return sharp(png)
      .extract({ left: dx, top: dy, width: width - 2 * dx, height: height - 2 * dy })
      .webp({ quality: 70 })
      .toBuffer();
  },
  'cropped 5 % off the bottom, JPEG 80': (png, width, height) =>
    sharp(png)
      .extract({ left: 0, top: 0, width, height: Math.round(height * 0.95) })
      .jpeg({ quality: 80 })
      .toBuffer(),
  'screenshot: 90 % size, in a 2 % frame': (png, width) => {
    const inner = Math.round(width * 0.9);
    const pad = Math.round(width * 0.02);
    return sharp(png)
      .resize({ width: inner })
      .extend({ top: pad, bottom: pad, left: pad, right: pad, background: '#202020' })
      .png()
      .toBuffer()
      .then((framed) => sharp(framed).jpeg({ quality: 85 }).toBuffer());
  },
};

const started = performance.now();
const originals: { hash: bigint; png: Buffer; width: number; height: number }[] = [];
for (let index = 0; index < COUNT; index++) {
  const [width, height] = FORMATS[index % FORMATS.length]!;
  const prompt = `${SUBJECTS[index % SUBJECTS.length]}${EXTRAS[Math.floor(index / 4) % EXTRAS.length]}`;
  const field = renderField(
    defaultSceneInput(index + 1, prompt, STYLES[index % STYLES.length]!),
    width,
    height,
  );
  const png = await sharp(field.data, { raw: { width: field.width, height: field.height, channels: 3 } })
    .resize(width, height, { kernel: 'lanczos3', fit: 'fill' })
    .png({ compressionLevel: 1 })
    .toBuffer();
  originals.push({ hash: await hashOf(png), png, width, height });
}
console.log(`painted and hashed ${COUNT} images in ${((performance.now() - started) / 1000).toFixed(1)} s`);

const histogram = new Map<number, number>();
let falseMatches = 0;
let closest = 64;
for (let a = 0; a < originals.length; a++) {
  for (let b = a + 1; b < originals.length; b++) {
    const distance = hammingDistance(originals[a]!.hash, originals[b]!.hash);
    histogram.set(distance, (histogram.get(distance) ?? 0) + 1);
    if (distance <= SAME_PICTURE_MAX_DISTANCE) falseMatches++;
    closest = Math.min(closest, distance);
  }
}
const pairs = (COUNT * (COUNT - 1)) / 2;
console.log(
  `different images: ${pairs} pairs, ${falseMatches} within ${SAME_PICTURE_MAX_DISTANCE} bits (false-match rate ${(falseMatches / pairs).toExponential(2)}), closest pair ${closest} bits`,
);
const low = [...histogram.entries()].filter(([distance]) => distance <= 20).sort((a, b) => a[0] - b[0]);
console.log(
  `  pairs at ≤ 20 bits: ${low.map(([distance, count]) => `${distance}:${count}`).join(' ') || 'none'}`,
);

const sample = originals.slice(0, Math.min(COUNT, 200));
for (const [name, alter] of Object.entries(ALTERATIONS)) {
  const distances: number[] = [];
  for (const original of sample) {
    const copy = await alter(original.png, original.width, original.height);
    distances.push(
      Math.min(
        hammingDistance(original.hash, await hashOf(copy)),
        hammingDistance(original.hash, await hashOf(copy, true)),
      ),
    );
  }
  distances.sort((a, b) => a - b);
  const recognised = distances.filter((distance) => distance <= SAME_PICTURE_MAX_DISTANCE).length;
  const at = (p: number) => distances[Math.min(distances.length - 1, Math.floor(distances.length * p))];
  console.log(
    `${name}: ${recognised}/${distances.length} recognised; distance p50 ${at(0.5)}, p95 ${at(0.95)}, max ${at(1)}`,
  );
}

// The cost the image threads pay per stored image: decoded pixels of a full-size picture → hash.
const big = await sharp(originals[0]!.png)
  .resize(1024, 1408, { fit: 'fill' })
  .raw()
  .toBuffer({ resolveWithObject: true });
const times: number[] = [];
for (let run = 0; run < 50; run++) {
  const t = performance.now();
  perceptualHash(big.data, big.info.width, big.info.height, big.info.channels);
  times.push(performance.now() - t);
}
times.sort((a, b) => a - b);
console.log(
  `hashing decoded 1024x1408 pixels: p50 ${times[25]!.toFixed(1)} ms, p99 ${times[49]!.toFixed(1)} ms (50 runs)`,
);

// The lookup: the nearest of ROWS stored hashes by Hamming distance, as the check's repository asks it
// (features/provenance/repository.ts), on PostgreSQL when BENCH_DATABASE_URL is set, else embedded PGlite.
const ROWS = Number(process.env.BENCH_ROWS ?? 200_000);
const query = async () => {
  if (process.env.BENCH_DATABASE_URL) {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL });
    await client.connect();
    return {
      name: 'PostgreSQL',
      run: (text: string, values: unknown[] = []) => client.query(text, values),
      close: () => client.end(),
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const db = new PGlite();
  return {
    name: 'PGlite',
    run: (text: string, values: unknown[] = []) => db.query(text, values),
    close: () => db.close(),
  };
};
const database = await query();
await database.run('create temporary table bench_hash (id bigserial primary key, perceptual_hash bigint)');
await database.run(
  `insert into bench_hash (perceptual_hash)
   select (random() * 18446744073709551615::numeric - 9223372036854775808::numeric)::bigint
   from generate_series(1, ${ROWS})`,
);
const lookups: number[] = [];
for (let run = 0; run < 20; run++) {
  const probe = String(BigInt.asIntN(64, originals[run % originals.length]!.hash));
  const t = performance.now();
  await database.run(
    `select id, bit_count((perceptual_hash # $1::bigint)::bit(64))::int as distance from bench_hash
     where perceptual_hash is not null and bit_count((perceptual_hash # $1::bigint)::bit(64)) <= $2
     order by distance, id limit 1`,
    [probe, SAME_PICTURE_MAX_DISTANCE],
  );
  lookups.push(performance.now() - t);
}
lookups.sort((a, b) => a - b);
console.log(
  `nearest-hash lookup over ${ROWS} images (${database.name}): p50 ${lookups[10]!.toFixed(1)} ms, max ${lookups[19]!.toFixed(1)} ms (20 runs)`,
);
await database.close();
