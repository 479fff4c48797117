import { TOKEN_ERROR_CODES } from '@mirage/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notify } from '../../ui/notice.ts';
import { errorCode, useErrorText } from '../api/index.ts';
import { closeModal } from '../modal/index.ts';
import { reloadTo, clearAuthCookie } from '../session/index.ts';
import { logout } from './api.ts';

/**
 * Logout (docs/product/image-viewer.md#the-viewer, docs/product/accounts.md#sign-in-state): clear state,
 * close any modal, reload on /explore keeping the query string.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const errorText = useErrorText();

  function finish() {
    clearAuthCookie();
    closeModal();
    queryClient.clear();
    reloadTo(`/explore${window.location.search}`);
  }

  const mutation = useMutation({
    mutationFn: logout,
    onSuccess: finish,
    onError: (error) => {
      const code = errorCode(error);
      // Already signed out on the server: finish locally.
      if ((TOKEN_ERROR_CODES as readonly string[]).includes(code)) finish();
      else notify(errorText(code), 'error');
    },
  });

  return { logout: () => mutation.mutate(), pending: mutation.isPending };
}
