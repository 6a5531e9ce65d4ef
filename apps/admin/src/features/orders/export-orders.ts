import type { OrderExportQuery } from '@store/contracts';
import { withDetail } from '@store/ui';
import { useMutation } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { saveFile } from '../site/save-file.ts';
import { fetchOrdersCsv } from './queries.ts';

/** The name the export is saved under, the server's own: `orders-YYYY-MM-DD.csv` (the UTC day). */
export function ordersExportFileName(now = new Date()): string {
  return `orders-${now.toISOString().slice(0, 10)}.csv`;
}

/**
 * Saves every order of the current filter (search, status, dispute; all pages) as CSV. Fetched with the
 * session's token like every call, then saved from memory, as the delivery log's export is.
 */
export function useOrdersCsvExport() {
  return useMutation({
    mutationFn: (filter: OrderExportQuery) => fetchOrdersCsv(filter),
    onSuccess: (blob) => saveFile(blob, ordersExportFileName()),
    onError: (failure) => toast.error(withDetail('Error exporting the orders', failure)),
  });
}
