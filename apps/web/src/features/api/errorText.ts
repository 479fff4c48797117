import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, NETWORK_ERROR, UNKNOWN_ERROR } from './client.ts';

/** The error code of anything thrown by an API call. */
export function errorCode(error: unknown): string {
  if (error instanceof ApiError) return error.code;
  return error instanceof TypeError ? NETWORK_ERROR : UNKNOWN_ERROR;
}

/** Translates an error code (`error:<code>`); unknown codes read as the generic error. */
export function useErrorText(): (code: string) => string {
  const { t, i18n } = useTranslation('error');
  return useCallback(
    (code: string) => {
      const key = i18n.exists(`error:${code}`) ? code : UNKNOWN_ERROR;
      // The key is checked at run time; the cast tells TypeScript it is one of ours.
      return t(key as typeof UNKNOWN_ERROR);
    },
    [t, i18n],
  );
}
