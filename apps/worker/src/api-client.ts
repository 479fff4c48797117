import type { Answer, Body, CompletionMetadata } from '@mirage/contract';
import { pathOf } from '@mirage/contract/operations';

/** An answer from the API that is an error of the protocol, not of the network. */
export class ApiAnswerError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
  ) {
    super(`API answered ${status}${code ? ` ${code}` : ''}`);
    this.name = 'ApiAnswerError';
  }
}

export interface ApiClientOptions {
  baseUrl: string;
  token: string;
  /** Per-request time limit, on top of a lease's long-poll wait. */
  timeoutMs?: number;
}

/** What a lease answers: the job, or null when none came within the wait. */
export type LeasedJob = Answer<'leaseJob'>['job'];
/** What a lease asks for (the contract's LeaseRequest, defaults optional). */
export type LeaseBody = Body<'leaseJob'>;

/**
 * The worker's side of the protocol: the worker operations of the API's contract
 * (packages/contract/src/worker.ts), whose request and answer types it takes, so that the two cannot
 * drift apart. Network failures and 5xx answers throw plain errors (the agent backs off and retries);
 * 4xx answers throw ApiAnswerError.
 */
export function createApiClient(options: ApiClientOptions) {
  const base = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 15_000;
  const auth = { authorization: `Bearer ${options.token}` };

  async function call<T>(
    path: string,
    init: RequestInit & { extraTimeoutMs?: number; signal?: AbortSignal },
  ): Promise<T> {
    const signals = [AbortSignal.timeout(timeoutMs + (init.extraTimeoutMs ?? 0))];
    if (init.signal) signals.push(init.signal);
    const response = await fetch(`${base}${path}`, { ...init, signal: AbortSignal.any(signals) });
    if (response.status >= 500) throw new Error(`API answered ${response.status}`);
    if (!response.ok) {
      const body = (await response.json().catch(() => null)) as { detail?: { code?: string } } | null;
      throw new ApiAnswerError(response.status, body?.detail?.code);
    }
    return (await response.json()) as T;
  }

  const json = (body: unknown) => ({
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

  return {
    async lease(request: LeaseBody, signal?: AbortSignal): Promise<LeasedJob> {
      const waitMs = (request.wait_seconds ?? 0) * 1000;
      const answer = await call<Answer<'leaseJob'>>(pathOf('leaseJob'), {
        ...json(request),
        extraTimeoutMs: waitMs,
        signal,
      });
      return answer.job;
    },

    async progress(
      jobId: string,
      report: { step: number; max: number; previewJpeg?: Buffer },
    ): Promise<Answer<'reportJobProgress'>> {
      const body: Body<'reportJobProgress'> = {
        step: report.step,
        max: report.max,
        preview_jpeg: report.previewJpeg?.toString('base64'),
      };
      return call<Answer<'reportJobProgress'>>(pathOf('reportJobProgress', { id: jobId }), json(body));
    },

    /**
     * Sends the result. With `nextLease`, the answer also carries the worker's next job (or null when
     * none is queued), saving a lease request per job.
     */
    async complete(
      jobId: string,
      png: Buffer,
      metadata: CompletionMetadata,
      nextLease?: LeaseBody,
    ): Promise<Answer<'completeJob'>> {
      // The parts completeJob documents: the JSON fields `metadata` and `lease`, the PNG file `image`.
      const form = new FormData();
      form.append('metadata', JSON.stringify(metadata));
      if (nextLease) form.append('lease', JSON.stringify(nextLease));
      form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), `${jobId}.png`);
      return call<Answer<'completeJob'>>(pathOf('completeJob', { id: jobId }), {
        method: 'POST',
        headers: auth,
        body: form,
        extraTimeoutMs: 30_000,
      });
    },

    async fail(jobId: string, retryable: boolean, message: string): Promise<Answer<'failJob'>> {
      const body: Body<'failJob'> = { retryable, message: message.slice(0, 2000) };
      return call<Answer<'failJob'>>(pathOf('failJob', { id: jobId }), json(body));
    },

    /**
     * One of a job's files (a PNG): `url` is the job's source_image_url (getJobSource) or mask_image_url
     * (getJobMask), relative to the API base.
     */
    async download(url: string): Promise<Buffer> {
      const response = await fetch(new URL(url, `${base}/`), {
        headers: auth,
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) throw new ApiAnswerError(response.status, undefined);
      return Buffer.from(await response.arrayBuffer());
    },
  };
}
export type ApiClient = ReturnType<typeof createApiClient>;
