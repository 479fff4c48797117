/**
 * The HTTP API's contract (docs/integrating.md): each operation's path, input and answer schemas, and
 * the error codes it may answer. The API registers its routes from these definitions (their schemas
 * validate what comes in and serialise what goes out), the OpenAPI document at /api/docs/json is made
 * from them, and the web app and the worker take their request and answer types from them.
 */
import { accountsOperations } from './accounts.ts';
import { assistantOperations } from './assistant.ts';
import { actionsOperations } from './actions.ts';
import { catalogueOperations } from './catalogue.ts';
import { sameType, type AnswerOf, type InputOf, type Operation, type Same } from './define.ts';
import { galleryOperations } from './gallery.ts';
import { generationOperations } from './generation.ts';
import { imagesOperations } from './images.ts';
import { moderationOperations } from './moderation.ts';
import { modOperations } from './mod.ts';
import { modImageOperations } from './mod-images.ts';
import { modCommerceOperations } from './mod-commerce.ts';
import { modOperationOperations } from './mod-operations.ts';
import { accountDataOperations } from './account-data.ts';
import { OPERATIONS, type OperationId } from './operations.ts';
import { playerOperations } from './player.ts';
import { playerActionOperations } from './player-actions.ts';
import { leaderboardOperations } from './leaderboard.ts';
import { legalOperations } from './legal.ts';
import { gameEventOperations } from './game-event.ts';
import { commerceOperations } from './commerce.ts';
import { promptsOperations } from './prompts.ts';
import { provenanceOperations } from './provenance.ts';
import { referralOperations } from './referral.ts';
import { serviceOperations } from './service.ts';
import { settingsOperations } from './settings.ts';
import { workerOperations } from './worker.ts';

export * from './accounts.ts';
export * from './define.ts';
export * from './operations.ts';
export * from './generation.ts';
export * from './assistant.ts';
export * from './service.ts';
export * from './images.ts';
export * from './provenance.ts';
export * from './actions.ts';
export * from './prompts.ts';
export * from './moderation.ts';
export * from './mod.ts';
export * from './mod-images.ts';
export * from './mod-commerce.ts';
export * from './mod-operations.ts';
export * from './account-data.ts';
export * from './gallery.ts';
export * from './settings.ts';
export * from './catalogue.ts';
export * from './worker.ts';
export * from './player.ts';
export * from './player-actions.ts';
export * from './leaderboard.ts';
export * from './legal.ts';
export * from './game-event.ts';
export * from './commerce.ts';
export * from './referral.ts';

/** Every operation, by operationId. */
export const contract = {
  ...serviceOperations,
  ...legalOperations,
  ...accountsOperations,
  ...generationOperations,
  ...assistantOperations,
  ...imagesOperations,
  ...provenanceOperations,
  ...actionsOperations,
  ...promptsOperations,
  ...moderationOperations,
  ...modOperations,
  ...modImageOperations,
  ...modCommerceOperations,
  ...modOperationOperations,
  ...accountDataOperations,
  ...galleryOperations,
  ...settingsOperations,
  ...catalogueOperations,
  ...playerOperations,
  ...playerActionOperations,
  ...leaderboardOperations,
  ...gameEventOperations,
  ...commerceOperations,
  ...referralOperations,
  ...workerOperations,
};
export type Contract = typeof contract;
// Every operation OPERATIONS lists is defined, and nothing else is (a missing or extra one fails to compile).
sameType<Same<keyof Contract, OperationId>>();

/** The definition of an operation, when the contract has one for this id. */
export function operationById(id: string): Operation | undefined {
  return Object.hasOwn(contract, id) ? (contract as Record<string, Operation>)[id] : undefined;
}

/** The operations OPERATIONS lists that have no definition yet (a test keeps this empty). */
export function undefinedOperations(): OperationId[] {
  return (Object.keys(OPERATIONS) as OperationId[]).filter((id) => !operationById(id));
}

/** The JSON answer of an operation, by its id. */
export type Answer<Id extends keyof Contract> = AnswerOf<Contract[Id]>;
/** The body an operation takes, by its id (what a client sends, defaults optional). */
export type Body<Id extends keyof Contract> = InputOf<Contract[Id]> extends { body: infer B } ? B : never;
/** The query string an operation takes, by its id. */
export type Query<Id extends keyof Contract> = InputOf<Contract[Id]> extends { query: infer Q } ? Q : never;
