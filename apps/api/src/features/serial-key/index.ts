/** Reseller serial keys (docs/product/commerce.md#serial-keys): minting for the CLI, redeeming for users. */
export { createSerialKeyRepository, serialKeyHash, type SerialKeyRepository } from './repository.ts';
export { createSerialKeyService, REDEEM_LIMITS, type SerialKeyService } from './service.ts';
export { registerSerialKeyRoutes } from './routes.ts';
export { mintSerialKeys } from './mint.ts';
