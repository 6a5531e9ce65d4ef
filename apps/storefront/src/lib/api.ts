import { createAppApi } from '@store/shell';
import { env } from '../env.ts';
import { serverTransport } from './server-transport.ts';

/**
 * The shop's one API client: every call sends the stored token, and a 401 forgets the session and goes to
 * /login. On the server (`env.onServer`) its calls go to the API's routes in the same process.
 */
export const api = createAppApi(env.apiUrl, env.onServer ? serverTransport : undefined);
