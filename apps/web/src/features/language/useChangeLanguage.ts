import { isLanguage, type Language } from '@mirage/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notify } from '../../ui/notice.ts';
import { updateUser } from '../account/index.ts';
import { errorCode, useErrorText } from '../api/index.ts';
import { isSignedIn, ME_QUERY_KEY } from '../session/index.ts';
import { applyLanguage } from './i18n.ts';

/** Switches the interface language; a signed-in user's choice is also saved on the account. */
export function useChangeLanguage() {
  const { i18n } = useTranslation();
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const current: Language = isLanguage(i18n.language) ? i18n.language : 'en';

  const mutation = useMutation({
    mutationFn: async (lang: Language) => {
      await applyLanguage(lang);
      if (isSignedIn()) {
        const { user } = await updateUser({ user: { lang } });
        queryClient.setQueryData(ME_QUERY_KEY, user);
      }
    },
    onError: (error) => notify(errorText(errorCode(error)), 'error'),
  });

  return { current, change: mutation.mutate, pending: mutation.isPending };
}
