import { ApiError, type User } from '@store/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { api } from '../../lib/api.ts';
import { ADMIN_USERS_KEY } from './queries.ts';

export const USER_ACTIVE_MESSAGES = {
  activated: 'Nalog je aktiviran',
  deactivated: 'Nalog je deaktiviran',
  failed: 'Status naloga nije promenjen. Pokušajte ponovo.',
} as const;

/**
 * Activates or deactivates an account (PATCH /admin/users/{id}); deactivating ends its sessions at once.
 * Success says so and hands the updated account to `onChanged`; a refusal shows the server's reason.
 * Either way the list and the counters reload, since someone else may have changed the account first.
 */
export function useSetUserActive({ onChanged }: { onChanged: (user: User) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, active }: { id: string; active: boolean }) =>
      api.adminSetUserActive({ params: { id }, body: { is_active: active } }),
    onSuccess: (user) => {
      toast.success(user.is_active ? USER_ACTIVE_MESSAGES.activated : USER_ACTIVE_MESSAGES.deactivated);
      onChanged(user);
    },
    onError: (error) => {
      toast.error(error instanceof ApiError && error.detail.trim() ? error.detail : USER_ACTIVE_MESSAGES.failed);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADMIN_USERS_KEY }),
  });
}
