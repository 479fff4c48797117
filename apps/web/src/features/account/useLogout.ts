import { TOKEN_ERROR_CODES } from '@mirage/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notify } from '../../ui/notice.ts';
import { errorCode, useErrorText } from '../api/index.ts';
import { closeModal } from '../modal/index.ts';
import { loadLocalGenerations } from '../task/index.ts';
import { reloadTo, clearAuthCookie } from '../session/index.ts';
import { logout } from './api.ts';

/** Forgets every account's tasks kept in the browser; never fails, and waits at most a second. */
function forgetLocalTasks(): Promise<void> {
  const cleared = loadLocalGenerations()
    .then((local) => local.clearLocalGenerations())
    .catch(() => undefined);
  return Promise.race([cleared, new Promise<void>((resolve) => setTimeout(resolve, 1000))]);
}

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
    // A shared browser must not show this account's tasks to the next one (features/task).
    void forgetLocalTasks().then(() => reloadTo(`/explore${window.location.search}`));
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
