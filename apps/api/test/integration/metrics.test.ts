import http from 'node:http';
import { resultSize, type ResultSizeJob } from '@mirage/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifiedBuyer } from '../account-fixtures.ts';
import { CHILD_SAFETY_TEST_TERMS } from '../child-safety-probe.ts';
import { completeForm, pngOf, previewLease } from '../generation-fixtures.ts';
import { Client, codeOf, createTestApp, newAccount, setBalances, type TestContext } from '../harness.ts';

/**
 * GET /metrics (http/metrics-registry.ts, docs/architecture/metrics.md) driven by real actions: a task
 * created, leased, completed and failed by a preview worker; refused prompts; sandbox payments; a live
 * stream. Only presence and counts are asserted, never timings.
 */
const METRICS_TOKEN = 'metrics-test-token-0123456789';
let t: TestContext;
let base: string;
let workerToken: string;
const streams: http.ClientRequest[] = [];

beforeAll(async () => {
  t = await createTestApp({ env: { METRICS_TOKEN } });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  workerToken = await t.services.workerAuth.issueToken('metrics-worker');
  // A neutral forbidden word for the rules' refusal.
  await t.database.db
    .insertInto('moderation_rule')
    .values({
      lib: 'metrics_forbidden',
      words: ['watermelon'],
      suggestions: [],
      type: 0,
      applies_to: 'positive',
    })
    .execute();
});
afterAll(async () => {
  for (const request of streams) request.destroy();
  await t.close();
});

/** Samples of one scrape, keyed `name{label="value",…}` with the labels sorted by name. */
type Samples = Map<string, number>;

function keyOf(name: string, labels: Record<string, string> = {}): string {
  const inner = Object.keys(labels)
    .sort()
    .map((label) => `${label}="${labels[label]}"`)
    .join(',');
  return inner ? `${name}{${inner}}` : name;
}

/** Parses the exposition text (label values here never hold commas or quotes). */
function parse(text: string): Samples {
  const samples: Samples = new Map();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`unparsable metrics line: ${line}`);
    const labels = Object.fromEntries(
      (match[2] ? match[2].split(',') : []).map((pair) => {
        const [label, value] = pair.split('=') as [string, string];
        return [label, JSON.parse(value) as string];
      }),
    );
    samples.set(keyOf(match[1]!, labels), Number(match[3]));
  }
  return samples;
}

async function scrape(): Promise<Samples> {
  const answer = await t.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  expect(answer.statusCode).toBe(200);
  return parse(answer.body);
}

/** A sample's value; an absent one is 0 (a counter that was never incremented is not exposed). */
const value = (samples: Samples, name: string, labels: Record<string, string> = {}) =>
  samples.get(keyOf(name, labels)) ?? 0;

/** The sum of every sample of `name` whose labels include `labels`. */
function total(samples: Samples, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([label, v]) => `${label}="${v}"`);
  let sum = 0;
  for (const [key, sample] of samples) {
    if (!key.startsWith(`${name}{`) && key !== name) continue;
    if (wanted.every((pair) => key.includes(pair))) sum += sample;
  }
  return sum;
}

/** The worker side of the protocol over HTTP, as a preview worker. */
async function workerPost(path: string, body: FormData | object) {
  const form = body instanceof FormData;
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${workerToken}`,
      ...(form ? {} : { 'content-type': 'application/json' }),
    },
    body: form ? body : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}
const lease = async () =>
  (await workerPost('/api/worker/lease', previewLease)).body.job as
    (ResultSizeJob & { id: string; seed: number }) | null;

let seed = 5000;
const txt2img = (prompt = 'a lighthouse at dusk, crashing waves', negPrompt = 'blurry') => ({
  prompt,
  neg_prompt: negPrompt,
  style_id: 1,
  quality: 'Standard',
  format: 'Portrait',
  seed: seed++,
});

async function signedIn() {
  const client = new Client(t.app);
  const created = await client.post('/api/user/create', newAccount());
  return { client, id: (created.body.user as { id: number }).id };
}

/** Creates a task through the API and reads its lane from the queue. */
async function createTask(client: Client) {
  const created = await client.post('/api/tasks/txt2img', txt2img());
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const taskId = created.body.task_id as string;
  const row = await t.database.db
    .selectFrom('task')
    .select(['lane'])
    .where('id', '=', taskId)
    .executeTakeFirstOrThrow();
  return { taskId, lane: row.lane };
}

describe('GET /metrics', () => {
  it('asks for the metrics token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(403);
    const names = [...(await scrape()).keys()];
    // The scrape-time queue gauge is present for every lane even with an empty queue.
    for (const lane of ['fast', 'normal', 'eco'])
      expect(names).toContain(keyOf('mirage_queue_depth', { lane }));
  });

  it('follows a task: created, queued, waited, run to done by the preview engine', async () => {
    const { client } = await signedIn();
    const before = await scrape();
    const { taskId, lane } = await createTask(client);
    const queued = await scrape();
    const labels = { job_type: 'txt2img', lane };
    expect(value(queued, 'mirage_tasks_created_total', labels)).toBe(
      value(before, 'mirage_tasks_created_total', labels) + 1,
    );
    expect(value(queued, 'mirage_queue_depth', { lane })).toBe(
      value(before, 'mirage_queue_depth', { lane }) + 1,
    );
    expect(
      value(queued, 'mirage_ledger_movements_last_5m', { reason: 'task_debit', currency: 'tickets' }),
    ).toBe(
      value(before, 'mirage_ledger_movements_last_5m', { reason: 'task_debit', currency: 'tickets' }) + 1,
    );
    // The account's welcome tickets came through the ledger too.
    expect(
      value(queued, 'mirage_ledger_movements_last_5m', { reason: 'welcome_grant', currency: 'tickets' }),
    ).toBeGreaterThan(0);

    const job = await lease();
    expect(job?.id).toBe(taskId);
    const leased = await scrape();
    const wait = { lane, job_type: 'txt2img' };
    expect(value(leased, 'mirage_queue_depth', { lane })).toBe(value(before, 'mirage_queue_depth', { lane }));
    expect(value(leased, 'mirage_queue_wait_seconds_count', wait)).toBe(
      value(before, 'mirage_queue_wait_seconds_count', wait) + 1,
    );

    const { width, height } = resultSize(job!);
    const done = await workerPost(
      `/api/worker/jobs/${taskId}/complete`,
      completeForm(await pngOf(width, height), { seed: job!.seed }),
    );
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const after = await scrape();
    const duration = { engine: 'preview', job_type: 'txt2img', outcome: 'done' };
    expect(value(after, 'mirage_job_duration_seconds_count', duration)).toBe(
      value(before, 'mirage_job_duration_seconds_count', duration) + 1,
    );
  });

  it('counts a failed task, its refund and the failed attempt, but no refused creation', async () => {
    const { client, id } = await signedIn();
    const before = await scrape();
    const { taskId } = await createTask(client);
    expect((await lease())?.id).toBe(taskId);
    const failed = await workerPost(`/api/worker/jobs/${taskId}/fail`, {
      retryable: false,
      message: 'out of memory',
    });
    expect(failed.status).toBe(200);

    // A creation refused inside its transaction (no balance left) commits nothing and counts nothing.
    await setBalances(t, id, { generation_token: 0, daily_token: 0 });
    const refused = await client.post('/api/tasks/txt2img', txt2img());
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(codeOf(refused.body)).toBeDefined();

    const after = await scrape();
    const failure = { job_type: 'txt2img', cause: 'failure' };
    expect(value(after, 'mirage_task_failures_total', failure)).toBe(
      value(before, 'mirage_task_failures_total', failure) + 1,
    );
    const refund = { job_type: 'txt2img', currency: 'tickets' };
    expect(value(after, 'mirage_task_refunds_total', refund)).toBe(
      value(before, 'mirage_task_refunds_total', refund) + 1,
    );
    const attempt = { engine: 'preview', job_type: 'txt2img', outcome: 'failed' };
    expect(value(after, 'mirage_job_duration_seconds_count', attempt)).toBe(
      value(before, 'mirage_job_duration_seconds_count', attempt) + 1,
    );
    expect(total(after, 'mirage_tasks_created_total')).toBe(total(before, 'mirage_tasks_created_total') + 1);
    const refunds = { reason: 'task_refund', currency: 'tickets' };
    expect(value(after, 'mirage_ledger_movements_last_5m', refunds)).toBe(
      value(before, 'mirage_ledger_movements_last_5m', refunds) + 1,
    );
  });

  it('counts refused prompts by check: child safety and the forbidden words', async () => {
    const { client } = await signedIn();
    const before = await scrape();
    const [field, text] = CHILD_SAFETY_TEST_TERMS[0]!;
    const probe = field === 'prompt' ? txt2img(text) : txt2img(undefined, text);
    const safety = await client.post('/api/tasks/txt2img', probe);
    expect(codeOf(safety.body)).toBe('forbidden_prompt');
    const rules = await client.post('/api/tasks/txt2img', txt2img('a watermelon on a table'));
    expect(codeOf(rules.body)).toBe('forbidden_prompt');

    const after = await scrape();
    const childSafety = { source: 'task', check: 'child_safety' };
    expect(total(after, 'mirage_prompt_refusals_total', childSafety)).toBe(
      total(before, 'mirage_prompt_refusals_total', childSafety) + 1,
    );
    const words = { source: 'task', check: 'rules', reason: 'forbidden_words' };
    expect(value(after, 'mirage_prompt_refusals_total', words)).toBe(
      value(before, 'mirage_prompt_refusals_total', words) + 1,
    );
    expect(total(after, 'mirage_tasks_created_total')).toBe(total(before, 'mirage_tasks_created_total'));
  });

  it('counts sandbox orders and their notifications by kind and outcome', async () => {
    const buyer = await verifiedBuyer(t);
    const before = await scrape();
    const decide = async (approve: boolean) => {
      const order = await buyer.client.post('/api/payment/sandbox/order', {
        product: 'pack_60',
        currency: 'usd',
      });
      expect(order.status, JSON.stringify(order.body)).toBe(200);
      const orderId = order.body.order_id as string;
      const decided = await buyer.client.post(`/api/payment/sandbox/${orderId}/decision`, { approve });
      expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    };
    await decide(true);
    await decide(false);

    const after = await scrape();
    const orders = { provider: 'sandbox' };
    expect(value(after, 'mirage_payment_orders_total', orders)).toBe(
      value(before, 'mirage_payment_orders_total', orders) + 2,
    );
    for (const kind of ['paid', 'failed']) {
      const labels = { provider: 'sandbox', kind, outcome: 'applied' };
      expect(value(after, 'mirage_payment_notifications_total', labels)).toBe(
        value(before, 'mirage_payment_notifications_total', labels) + 1,
      );
    }
    const purchases = { reason: 'purchase', currency: 'tickets' };
    expect(value(after, 'mirage_ledger_movements_last_5m', purchases)).toBe(
      value(before, 'mirage_ledger_movements_last_5m', purchases) + 1,
    );
  });

  it('gauges the live streams open on this instance', async () => {
    const { client } = await signedIn();
    const route = { route: '/api/events' };
    const before = value(await scrape(), 'mirage_live_streams_open', route);
    const request = http.get(`${base}/api/events`, { headers: { cookie: client.cookieHeader() } });
    streams.push(request);
    await new Promise<void>((resolve, reject) => {
      request.on('error', reject);
      request.on('response', (response) => {
        expect(response.statusCode).toBe(200);
        response.once('data', () => resolve());
      });
    });
    expect(value(await scrape(), 'mirage_live_streams_open', route)).toBe(before + 1);

    request.destroy();
    // The server learns of the hang-up asynchronously: wait for the gauge, bounded by the test's timeout.
    while (value(await scrape(), 'mirage_live_streams_open', route) !== before) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });
});
