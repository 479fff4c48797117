/**
 * The perceptual hash of an image (issue 18 §2, docs/architecture/provenance.md#provenance-check): 64 bits
 * that stay nearly the same when a copy loses its metadata, is re-encoded, resized, screenshotted or
 * slightly cropped, so that the provenance check still recognises an image this service made. It is a
 * DCT hash ("pHash"): the picture averaged down to a 32×32 grey grid, the grid's 2-D DCT, and one bit per
 * low frequency (8×8, the zero frequencies left out), set when that coefficient is above their median.
 *
 * Pure and deterministic: the image threads hash every stored image from its decoded pixels, and the check
 * hashes an upload the same way, so both sides agree bit for bit on the same pixels.
 */

/** Cells per side of the grey grid the hash is computed from. */
export const HASH_GRID_SIZE = 32;
/** Frequencies per side kept from the DCT: 8 × 8 = 64 bits. */
const FREQUENCIES = 8;

/**
 * The largest Hamming distance at which two hashes are taken for the same picture. Measured by
 * `npm run bench:provenance` (BENCHMARKS.md "Provenance check"): the altered copies it makes (metadata
 * stripped, JPEG re-encodes, half size, a few per cent cropped) stay within it, while no pair of 1,000
 * different generated images comes this close.
 */
export const SAME_PICTURE_MAX_DISTANCE = 10;

/**
 * The mean luma (Rec. 601) of each cell of a size×size grid laid over the picture: every pixel counts
 * once, in the cell its position falls in, whatever the picture's size or aspect ratio. `pixels` are
 * interleaved 8-bit channels (grey, grey+alpha, RGB or RGBA; alpha is ignored).
 */
export function lumaGrid(
  pixels: Uint8Array,
  width: number,
  height: number,
  channels: number,
  size = HASH_GRID_SIZE,
): Float64Array {
  if (width <= 0 || height <= 0 || pixels.length < width * height * channels) {
    throw new RangeError('the pixels do not fill the picture');
  }
  const sums = new Float64Array(size * size);
  const counts = new Uint32Array(size * size);
  const cellOfX = new Uint16Array(width);
  for (let x = 0; x < width; x++) cellOfX[x] = Math.floor((x * size) / width);
  const colour = channels >= 3;
  for (let y = 0; y < height; y++) {
    const rowCell = Math.floor((y * size) / height) * size;
    let offset = y * width * channels;
    for (let x = 0; x < width; x++, offset += channels) {
      const luma = colour
        ? 0.299 * pixels[offset]! + 0.587 * pixels[offset + 1]! + 0.114 * pixels[offset + 2]!
        : pixels[offset]!;
      const cell = rowCell + cellOfX[x]!;
      sums[cell]! += luma;
      counts[cell]! += 1;
    }
  }
  // A picture smaller than the grid leaves cells empty: each takes the cell before it (or 0).
  for (let cell = 0; cell < sums.length; cell++) {
    sums[cell] = counts[cell]! > 0 ? sums[cell]! / counts[cell]! : cell > 0 ? sums[cell - 1]! : 0;
  }
  return sums;
}

/** cos((2n + 1)kπ / 2N) for the frequencies kept, by [k][n]; made on first use (not in the web's load). */
let cosines: Float64Array[] | undefined;
const cosineTable = () =>
  (cosines ??= Array.from({ length: FREQUENCIES + 1 }, (_, k) =>
    Float64Array.from({ length: HASH_GRID_SIZE }, (_, n) =>
      Math.cos(((2 * n + 1) * k * Math.PI) / (2 * HASH_GRID_SIZE)),
    ),
  ));

/** The 64-bit hash of a 32×32 grey grid (lumaGrid), as an unsigned bigint. */
export function hashOfGrid(grid: Float64Array): bigint {
  const n = HASH_GRID_SIZE;
  if (grid.length !== n * n) throw new RangeError(`expected a ${n}×${n} grid`);
  const COSINES = cosineTable();
  // Separable DCT-II: the rows first (frequencies 1..8 across), then the columns (1..8 down).
  const rows = new Float64Array(n * FREQUENCIES);
  for (let y = 0; y < n; y++) {
    for (let u = 1; u <= FREQUENCIES; u++) {
      const cos = COSINES[u]!;
      let sum = 0;
      for (let x = 0; x < n; x++) sum += grid[y * n + x]! * cos[x]!;
      rows[y * FREQUENCIES + (u - 1)] = sum;
    }
  }
  const coefficients = new Float64Array(FREQUENCIES * FREQUENCIES);
  for (let v = 1; v <= FREQUENCIES; v++) {
    const cos = COSINES[v]!;
    for (let u = 0; u < FREQUENCIES; u++) {
      let sum = 0;
      for (let y = 0; y < n; y++) sum += rows[y * FREQUENCIES + u]! * cos[y]!;
      coefficients[(v - 1) * FREQUENCIES + u] = sum;
    }
  }
  const sorted = Float64Array.from(coefficients).sort();
  const median = (sorted[31]! + sorted[32]!) / 2;
  let hash = 0n;
  for (const coefficient of coefficients) hash = (hash << 1n) | (coefficient > median ? 1n : 0n);
  return hash;
}

/** The perceptual hash of decoded pixels (see lumaGrid for their layout), unsigned. */
export function perceptualHash(pixels: Uint8Array, width: number, height: number, channels: number): bigint {
  return hashOfGrid(lumaGrid(pixels, width, height, channels));
}

/** How many of the 64 bits differ. */
export function hammingDistance(a: bigint, b: bigint): number {
  let rest = BigInt.asUintN(64, a ^ b);
  let count = 0;
  while (rest > 0n) {
    rest &= rest - 1n;
    count++;
  }
  return count;
}

/** The hash as PostgreSQL's bigint holds it (signed 64-bit), and back. */
export const storedHash = (hash: bigint): bigint => BigInt.asIntN(64, hash);
export const hashOfStored = (stored: bigint | string): bigint => BigInt.asUintN(64, BigInt(stored));
