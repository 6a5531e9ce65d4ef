import { createAppApi } from '@store/shell';
import { env } from '../env.ts';

/** The shop's one API client: every call sends the stored token, and a 401 forgets the session and goes to /login. */
export const api = createAppApi(env.apiUrl);
