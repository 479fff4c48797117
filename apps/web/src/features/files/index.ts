/** Image file addresses on the files host (docs/architecture/storage.md#files-host). */
export { ownFileAddressNow } from './readToken.ts';
export { useFileAddress } from './useFileAddress.ts';
