import type { JobType, TaskState } from '@mirage/domain';
import { AppError } from '../../../errors.ts';
import type { JobKind, QueuedJobKind } from './kind.ts';
import { inpaintKind } from './inpaint.ts';
import { styleConvertKind } from './style-convert.ts';
import { txt2imgKind } from './txt2img.ts';
import { upscaleKind } from './upscale.ts';

export type {
  CompletionAnswer,
  CompletionContext,
  CreationContext,
  JobKind,
  QueuedJobKind,
  ResultMetadata,
} from './kind.ts';
export type { Txt2imgRequest } from './txt2img.ts';
export type { UpscaleRequest } from './upscale.ts';
export type { InpaintRequest } from './inpaint.ts';
export type { StyleConvertRequest } from './style-convert.ts';

/**
 * The job kinds this API runs, by task type. Adding a kind is a file in this folder and a line here
 * (docs/architecture/tasks.md); a task type the database allows but nobody registered is never
 * created, leased or completed.
 */
export const JOB_KINDS = registry({
  txt2img: txt2imgKind,
  upscale: upscaleKind,
  inpaint: inpaintKind,
  style_convert: styleConvertKind,
});

/** Each kind under its own task type, checked when the registry compiles. */
function registry<Kinds extends { [Name in keyof Kinds]: QueuedJobKind<Name & JobType> }>(kinds: Kinds) {
  return kinds;
}

export type JobKindName = keyof typeof JOB_KINDS;
type KindOf<Name extends JobKindName> = (typeof JOB_KINDS)[Name];
/** What a request of the kind carries (the route's parsed input). */
export type KindRequest<Name extends JobKindName> = Parameters<KindOf<Name>['validate']>[2];
/** What creating a task of the kind answers. */
export type KindAnswer<Name extends JobKindName> = ReturnType<KindOf<Name>['answer']>;

export function isJobKindName(name: string): name is JobKindName {
  return Object.hasOwn(JOB_KINDS, name);
}

function unknownKind(): AppError {
  return new AppError('validation_error', { field: 'type', reason: 'unknown_job_kind' });
}

/** The kind of a task, for the lease and the completion; an unregistered kind is refused. */
export function jobKind(name: string): QueuedJobKind {
  if (!isJobKindName(name)) throw unknownKind();
  return JOB_KINDS[name];
}

/**
 * The kind with its request side, for createTask. Its check-and-build types are the kind's own; the
 * caller sees only the request it passes and the answer it gets.
 */
export function creationKind<Name extends JobKindName>(
  name: Name,
): JobKind<Name, KindRequest<Name>, unknown, KindAnswer<Name>> {
  if (!isJobKindName(name)) throw unknownKind();
  // One kind at a time: TypeScript cannot relate a generic key's entry to its own request and answer.
  return JOB_KINDS[name] as unknown as JobKind<Name, KindRequest<Name>, unknown, KindAnswer<Name>>;
}

/** The job types a worker may be given: a worker that declares others simply never gets them. */
export const LEASABLE_JOB_TYPES: readonly JobKindName[] = Object.keys(JOB_KINDS) as JobKindName[];

/** The state a leased task shows while a worker runs it, by kind (the lease statement's CASE). */
export const LEASED_STATES: Readonly<Record<JobKindName, TaskState>> = Object.fromEntries(
  Object.values(JOB_KINDS).map((kind) => [kind.type, kind.leasedState]),
) as Record<JobKindName, TaskState>;
