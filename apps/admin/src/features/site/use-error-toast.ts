import { useEffect } from 'react';
import toast from 'react-hot-toast';

/**
 * Shows `message` once per failure of a query (spec section 8: 'Error loading orders' and the list
 * empty). `failedAt` is the query's `errorUpdatedAt`, so a failure after a retry toasts again.
 */
export function useErrorToast(failed: boolean, failedAt: number, message: string): void {
  useEffect(() => {
    if (failed) toast.error(message, { id: `${message}-${failedAt}` });
  }, [failed, failedAt, message]);
}
