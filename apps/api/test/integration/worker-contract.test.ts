import { TASK_STATE } from '@mirage/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueuePaidTask, pngOf, previewLease } from '../generation-fixtures.ts';
import { Client, createTestApp, newAccount, type TestContext } from '../harness.ts';

/**
 * The worker protocol through `app.inject`, so that the harness checks each answer against the OpenAPI
 * document (the other worker tests talk over a real connection, which it does not see), and what the
 * document says of the parts a worker cannot learn from a JSON schema alone: the multipart completion,
 * which the route reads itself, and the source image download.
 */
const OPERATOR_TOKEN = 'worker-contract-operator-0123456789';
let t: TestContext;
let token: string;

beforeAll(async () => {
  t = await createTestApp({ env: { OPERATOR_TOKEN, LEASE_SECONDS: '30' } });
  token = await t.services.workerAuth.issueToken('contract-worker');
});
afterAll(async () => {
  await t.close();
});

const bearer = (value = token) => ({ authorization: `Bearer ${value}` });

async function workerPost(url: string, body: object) {
  const response = await t.app.inject({ method: 'POST', url, headers: bearer(), payload: body });
  return { status: response.statusCode, body: response.json<Record<string, unknown>>() };
}

const leaseRequest = { ...previewLease, job_types: ['txt2img', 'upscale'] };
const lease = () => workerPost('/api/worker/lease', leaseRequest);

interface Part {
  name: string;
  value: string | Buffer;
  filename?: string;
  type?: string;
}

/** A multipart body written out by hand, so that a test decides each part's headers. */
function multipart(parts: Part[]) {
  const boundary = 'contract-boundary-7d1f';
  const chunks = parts.flatMap((part) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"` +
        (part.filename ? `; filename="${part.filename}"` : '') +
        (part.type ? `\r\nContent-Type: ${part.type}` : '') +
        '\r\n\r\n',
    ),
    Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value),
    Buffer.from('\r\n'),
  ]);
  return {
    payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { ...bearer(), 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function complete(id: string, parts: Part[]) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/worker/jobs/${id}/complete`,
    ...multipart(parts),
  });
  return { status: response.statusCode, body: response.json<Record<string, unknown>>() };
}

const image = async (width: number, height: number): Promise<Part> => ({
  name: 'image',
  value: await pngOf(width, height),
  filename: 'result.png',
  type: 'image/png',
});

/** A task of a new user, leased by the contract worker. */
async function leasedTask() {
  const client = new Client(t.app);
  const created = await client.post('/api/user/create', newAccount());
  const userId = (created.body.user as { id: number }).id;
  const task = await enqueuePaidTask(t, userId);
  expect((await lease()).body).toMatchObject({ job: { id: task.id } });
  return { client, task };
}

describe('the worker protocol, checked against the document', () => {
  it('answers an empty lease with job null', async () => {
    expect(await lease()).toEqual({ status: 200, body: { job: null } });
  });

  it('leases, takes progress, completes with JSON metadata parts and the next lease, and completes once', async () => {
    const { task } = await leasedTask();
    const progress = await workerPost(`/api/worker/jobs/${task.id}/progress`, { step: 2, max: 4 });
    expect(progress.status).toBe(200);
    expect(typeof progress.body.lease_expires_at).toBe('string');

    // A client made from the document sends each object part as application/json.
    const parts = [
      { name: 'metadata', value: JSON.stringify({ seed: 42 }), type: 'application/json' },
      { name: 'lease', value: JSON.stringify(leaseRequest), type: 'application/json' },
      await image(64, 88),
    ];
    const done = await complete(task.id, parts);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ duplicate: false, next_job: null });
    const again = await complete(task.id, [await image(64, 88)]);
    expect(again.body).toEqual({ image_uuid: done.body.image_uuid, duplicate: true });
  });

  it('refuses a completion that is not multipart with 415, one without an image with 400', async () => {
    const { task } = await leasedTask();
    const json = await workerPost(`/api/worker/jobs/${task.id}/complete`, { image: 'AAAA' });
    expect(json.status).toBe(415);
    expect(json.body).toMatchObject({ detail: { code: 'validation_error' } });
    const noImage = await complete(task.id, [{ name: 'metadata', value: '{}' }]);
    expect(noImage).toEqual({
      status: 400,
      body: { detail: { code: 'validation_error', data: { field: 'image' } } },
    });
    const badJson = await complete(task.id, [
      { name: 'metadata', value: '{', type: 'application/json' },
      await image(64, 88),
    ]);
    expect(badJson.status).toBe(400);
    expect(await workerPost(`/api/worker/jobs/${task.id}/fail`, { retryable: false })).toEqual({
      status: 200,
      body: { state: TASK_STATE.Fail },
    });
  });

  it('hands an upscale job its source image as image/png', async () => {
    const { client, task } = await leasedTask();
    const made = await complete(task.id, [await image(64, 88)]);
    const upscale = await client.post(`/api/tasks/${made.body.image_uuid as string}/upscale`, {});
    expect(upscale.status, JSON.stringify(upscale.body)).toBe(200);
    const job = (await lease()).body.job as { id: string; source_image_url: string };
    expect(job.id).toBe(upscale.body.task_id);

    const source = await t.app.inject({ method: 'GET', url: job.source_image_url, headers: bearer() });
    expect(source.statusCode).toBe(200);
    expect(source.headers['content-type']).toBe('image/png');
    expect(source.rawPayload.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect((await complete(job.id, [await image(128, 176)])).body).toEqual({
      image_uuid: made.body.image_uuid,
      duplicate: false,
    });
  });

  it('shows the operator the workers and the queue, times as ISO strings', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/worker/status',
      headers: bearer(OPERATOR_TOKEN),
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ workers: { name: string; last_seen_at: string | null }[] }>();
    const worker = body.workers.find((row) => row.name === 'contract-worker');
    expect(worker?.last_seen_at).toMatch(/^\d{4}-\d\d-\d\dT/);
  });
});

describe('the worker protocol in the document', () => {
  type Schema = Record<string, unknown> & { properties?: Record<string, Record<string, unknown>> };
  let document: {
    paths: Record<string, Record<string, Record<string, unknown>>>;
    components: { schemas: Record<string, Schema> };
  };
  beforeAll(() => {
    document = t.app.swagger() as unknown as typeof document;
  });

  it('documents the completion as multipart/form-data: the PNG file part and the JSON fields', () => {
    const body = document.paths['/api/worker/jobs/{id}/complete']!.post!.requestBody as {
      content: Record<string, { schema: Schema }>;
    };
    expect(Object.keys(body.content)).toEqual(['multipart/form-data']);
    const form = body.content['multipart/form-data']!.schema;
    expect(form.required).toEqual(['image']);
    expect(form.properties?.image).toMatchObject({
      type: 'string',
      format: 'binary',
      contentMediaType: 'image/png',
    });
    expect(JSON.stringify(form.properties?.metadata)).toContain(
      '#/components/schemas/CompletionMetadataInput',
    );
    expect(JSON.stringify(form.properties?.lease)).toContain('#/components/schemas/LeaseRequestInput');
  });

  it('documents the lease, its job and the source image download', () => {
    const leaseOp = document.paths['/api/worker/lease']!.post!;
    expect(JSON.stringify(leaseOp.requestBody)).toContain('#/components/schemas/LeaseRequestInput');
    expect(JSON.stringify(leaseOp.responses)).toContain('#/components/schemas/WorkerJob');
    const wait = document.components.schemas.LeaseRequestInput?.properties?.wait_seconds;
    expect(wait).toMatchObject({ minimum: 0, maximum: 30, default: 25 });
    const source = document.paths['/api/worker/jobs/{id}/source']!.get!.responses as Record<
      string,
      { content?: Record<string, unknown> }
    >;
    expect(Object.keys(source['200']!.content!)).toEqual(['image/png']);
    expect(document.paths['/api/worker/status']!.get!.security).toEqual([{ operatorToken: [] }]);
  });
});
