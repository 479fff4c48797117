// bench:moderation — what the server's prompt moderation costs per request (issue 9: under 1 ms p99 for
// 2,000-character prompts). Times the child-safety layer and the rules table (DEFAULT_RULES) on generated
// prompts of tags, weights, ages and sentences in the 8 languages, each exactly 2,000 characters, in one
// thread. Prints p50/p99/max per case. BENCH_RUNS sets the timed runs per case (default 5,000).
import { checkChildSafety, DEFAULT_RULES, moderatePrompt } from '@mirage/domain';

const RUNS = Number(process.env.BENCH_RUNS ?? 5000);
const WARM_UP = 1000;
const LENGTH = 2000;

// Neutral vocabulary, as prompts are written: tags, weights, ages of adults, multilingual fragments.
const PIECES = [
  'masterpiece',
  'best quality',
  '(detailed face:1.2)',
  '1girl',
  'solo',
  'long hair',
  'looking at viewer',
  'a lighthouse at dusk',
  'portrait of a woman, 28 years old',
  'soft light',
  'bokeh',
  '35mm',
  'film grain',
  '[blurry]',
  '((sharp focus))',
  'cinematic lighting',
  'city street at night, neon signs',
  'rain',
  'a knight in silver armor',
  'an old fisherman mending nets',
  'mature oak forest',
  'golden hour',
  'aged 45, business suit',
  'mountains, river, pine trees',
  'a steampunk airship above the clouds',
  'un phare au crépuscule',
  'ein Leuchtturm in der Dämmerung',
  'un faro al tramonto',
  'детектив под дождём',
  '夜の東京の街並み',
  '一座灯塔在黄昏',
  'una ciudad nocturna con luces de neón',
  '<lora:detail:0.6>',
  'highly detailed skin',
  'freckles',
  'red dress',
  'studio lighting',
  'f/1.8',
  '8k uhd',
  'born in 1990',
  'a 12 year old whisky on oak',
  'grade 5 titanium',
  'under 15 minutes',
  'loop 10 11 12',
];
const NEGATIVE_PIECES = [
  'blurry',
  'low quality',
  'watermark',
  'extra fingers',
  'text',
  'jpeg artifacts',
  'signature',
  '(worst quality:1.4)',
  'bad anatomy',
  'deformed hands',
  'old photo',
  'wrinkled clothes',
  'cropped',
  'out of frame',
  'lowres',
  'overexposed',
  'noise',
  '40 years old',
  'extra limbs',
  'username',
];

/** A deterministic prompt of exactly LENGTH characters from `pieces`. */
function promptOf(pieces: readonly string[], seed: number): string {
  let text = '';
  let state = seed;
  while (text.length < LENGTH) {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    text += `${pieces[state % pieces.length]}, `;
  }
  return text.slice(0, LENGTH);
}

const PROMPTS = Array.from({ length: 256 }, (_, i) => promptOf(PIECES, i + 1));
const NEGATIVES = Array.from({ length: 256 }, (_, i) => promptOf(NEGATIVE_PIECES, i + 7));

function time(label: string, run: (i: number) => unknown): void {
  for (let i = 0; i < WARM_UP; i++) run(i);
  const samples = new Float64Array(RUNS);
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    run(i);
    samples[i] = performance.now() - started;
  }
  samples.sort();
  const at = (q: number) => (samples[Math.min(RUNS - 1, Math.floor(q * RUNS))] ?? 0).toFixed(3);
  console.log(`${label.padEnd(58)} p50 ${at(0.5)} ms  p99 ${at(0.99)} ms  max ${at(1 - 1e-9)} ms`);
}

const year = new Date().getUTCFullYear();
const prompt = (i: number) => PROMPTS[i % PROMPTS.length] ?? '';
const negative = (i: number) => NEGATIVES[i % NEGATIVES.length] ?? '';

const flags =
  process.execArgv.filter((flag) => flag.startsWith('--max-semi')).join(' ') || 'default GC flags';
console.log(
  `node ${process.version} (${flags}), ${RUNS} runs per case after ${WARM_UP} warm-up runs, ${LENGTH}-character prompts`,
);
time('child safety: prompt', (i) => checkChildSafety({ prompt: prompt(i), neg_prompt: '' }, year));
time('child safety: negative prompt', (i) => checkChildSafety({ prompt: '', neg_prompt: negative(i) }, year));
time('child safety: both prompts', (i) =>
  checkChildSafety({ prompt: prompt(i), neg_prompt: negative(i) }, year),
);
time('rules (DEFAULT_RULES): both prompts', (i) =>
  moderatePrompt({ prompt: prompt(i), neg_prompt: negative(i) }, DEFAULT_RULES),
);
time('a request: child safety + rules, both prompts', (i) => {
  const input = { prompt: prompt(i), neg_prompt: negative(i) };
  checkChildSafety(input, year);
  moderatePrompt(input, DEFAULT_RULES);
});
