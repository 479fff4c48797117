import type { JobType, TaskState, WorkerJob } from '@mirage/domain';
import type { Transaction } from 'kysely';
import type { DB } from '../../../db/database.ts';
import type { Database } from '../../../db/schema.ts';
import type { TaskRecord, TaskRow, WorkerRow } from '../../../db/schema/generation.ts';
import type { ObjectStore } from '../../../storage/object-store.ts';
import type { ImageRepository, ImageSafetyService, ProcessedImage } from '../../image/index.ts';
import type { TaskCompletion } from '../completion.ts';
import type { NewTask } from '../queue-repository.ts';

/**
 * A job kind (txt2img, upscale, inpaint, style_convert): everything that differs between kinds
 * of task, in one object per kind (kinds/<kind>.ts) registered in kinds/index.ts. The rest — the
 * account lock, the debit, the queue, the lease, the worker protocol, the completion units — is shared.
 * docs/architecture/tasks.md says how to add one.
 */

/** What creating a task of any kind may use (built once by the task service). */
export interface CreationContext {
  db: DB;
  images: ImageRepository;
  now: () => Date;
  upscaleModel: string;
  /**
   * Refuses a prompt that moderation forbids: child safety first (a strike, maybe a mute), then the rules
   * table (features/moderation; task/service.ts).
   */
  moderatePrompt(userId: number, prompt: string, negPrompt: string): Promise<void>;
}

/** A task as it is queued: the kind decides all of it but the balance it is paid from and the attempts. */
export type TaskDraft = Omit<NewTask, 'paid_with' | 'max_attempts'>;

/** What storing a result may use (built once by the task lifecycle). */
export interface CompletionContext {
  /** The completion units: where every task ends (completion.ts). */
  completion: TaskCompletion;
  images: ImageRepository;
  store: ObjectStore;
  /**
   * The image-side safety check: a new image is stored in its `initialState` (pending while the check is
   * on: its owner's only) and handed to `checkSoon` once stored.
   */
  safety: Pick<ImageSafetyService, 'initialState' | 'checkSoon'>;
  /**
   * Post-processes a checked result into the store (PNG, WebP, thumbnail, blurhash); an image that
   * cannot be decoded ends the attempt as a retryable failure and answers invalid_result.
   */
  processResult(
    task: TaskRecord,
    worker: WorkerRow,
    png: Buffer,
    options: { uuid: string; watermark: boolean; variant?: 'upscaled'; source?: string },
  ): Promise<ProcessedImage>;
  /** The task's source image is gone: the task fails for good (refunded) and answers image_not_found. */
  sourceGone(task: TaskRecord, worker: WorkerRow): Promise<never>;
  /**
   * The answer after a lost race (reaped, or completed by a concurrent call): the image again when this
   * worker finished the task, else task_lease_lost.
   */
  answerAfterLostRace(taskId: string, worker: WorkerRow): Promise<CompletionAnswer>;
  now: () => Date;
}

/** What `complete` answers the worker. */
export interface CompletionAnswer {
  image_uuid: string | null;
  duplicate: boolean;
}

/** What a worker metadata may add to a result. */
export interface ResultMetadata {
  seed?: number;
  model?: string;
}

/** The half of a kind the queue and the worker protocol need: no request types. */
export interface QueuedJobKind<Type extends JobType = JobType> {
  readonly type: Type;
  /** The state a leased task shows while a worker runs it (the lease statement's CASE). */
  readonly leasedState: TaskState;
  /** The fully resolved job a worker runs, from the leased task. */
  toWorkerJob(task: TaskRow | TaskRecord): WorkerJob;
  /**
   * Stores a result already checked against the job (size, seed, model), through the done completion
   * unit; the lifecycle has checked the lease.
   */
  complete(
    context: CompletionContext,
    task: TaskRecord,
    worker: WorkerRow,
    png: Buffer,
    metadata: ResultMetadata,
  ): Promise<CompletionAnswer>;
}

/**
 * A kind with its request side. `createTask` (task/service.ts) runs, in order: validate (outside any
 * transaction: moderation, the catalogue, the plan's rules, repeats), price, then in one transaction with
 * the account row locked: checkLocked, build, the debit and the enqueue, the wake-ups; then answer.
 */
export interface JobKind<Type extends JobType, Request, Checked, Answer> extends QueuedJobKind<Type> {
  /** Refuses a bad request with an AppError (a 4xx); returns what the later steps need. */
  validate(context: CreationContext, userId: number, request: Request): Promise<Checked>;
  /** The cost in tickets or energy (the domain's pricing). */
  price(checked: Checked): number;
  /** Checks that need the account row locked (concurrent creations of one user wait here). */
  checkLocked(
    context: CreationContext,
    trx: Transaction<Database>,
    userId: number,
    checked: Checked,
  ): Promise<void>;
  /** The task to queue, its job resolved. */
  build(context: CreationContext, taskId: string, userId: number, checked: Checked, cost: number): TaskDraft;
  /** Stores what the task needs besides its row (an inpaint's mask), in the transaction that queued it. */
  afterEnqueue?(trx: Transaction<Database>, task: TaskRow, checked: Checked): Promise<void>;
  /** What the create call answers, from the queued row. */
  answer(task: TaskRow, checked: Checked): Answer;
}
