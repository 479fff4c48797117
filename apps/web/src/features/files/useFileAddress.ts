import { useSyncExternalStore } from 'react';
import { onFilesHost, ownFileAddress, subscribeReadToken } from './readToken.ts';

const subscribeNothing = () => () => undefined;

/**
 * Where to load an image file from (./readToken.ts): the API's address as it is for other people's files,
 * with the read token for the user's own (`own`) on the files host; null while that token is on its way
 * (the picture's blurhash shows meanwhile).
 */
export function useFileAddress(src: string, own: boolean): string | null {
  const tokened = own && onFilesHost(src);
  return useSyncExternalStore(tokened ? subscribeReadToken : subscribeNothing, () =>
    tokened ? ownFileAddress(src) : src,
  );
}
