/** The app's configuration, checked once at start; the only reader of `import.meta.env`. */
import { parseHttpUrl } from '@store/ui';

const apiUrl = parseHttpUrl('VITE_API_URL', import.meta.env.VITE_API_URL);

export const env = {
  /** Prefix of every API call; empty when the API serves this app from the same origin. */
  apiUrl,
  /** Where files the API serves (`/uploads/...`) live, to make their paths absolute. */
  apiBase: apiUrl || window.location.origin,
} as const;
