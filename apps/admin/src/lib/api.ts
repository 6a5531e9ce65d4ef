import { createAppApi } from '@store/shell';
import { env } from '../env.ts';

/** The admin's one API client (every call sends the stored token; a 401 shows the login screen). */
export const api = createAppApi(env.apiUrl);
