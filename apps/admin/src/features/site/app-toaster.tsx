import { toastOptions } from '@store/ui';
import { Toaster } from 'react-hot-toast';

/** The toast area of every page: top right; success 2 s, error and ordinary 4 s, loading until dismissed. */
export function AppToaster() {
  return <Toaster position="top-right" toastOptions={toastOptions} />;
}
