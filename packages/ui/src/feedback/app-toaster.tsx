import { Toaster } from 'react-hot-toast';
import { toastOptions } from '../theme/toast.ts';

/** The toast area of every page of both apps: top right; success 2 s, error and ordinary 4 s, loading until dismissed. */
export function AppToaster() {
  return <Toaster position="top-right" toastOptions={toastOptions} />;
}
