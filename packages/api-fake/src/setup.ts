import { afterAll, afterEach, beforeAll } from 'vitest';
import { createFakeApi, type FakeApi, type FakeApiOptions } from './fake-api.ts';

/**
 * The fake API of one test file: listening before its tests, its answers and calls reset after each
 * test (which fails there if a call went unanswered or an answer broke the contract), closed after the file.
 */
export function setupFakeApi(options: FakeApiOptions = {}): FakeApi {
  const api = createFakeApi(options);
  beforeAll(() => api.listen());
  afterEach(() => api.reset());
  afterAll(() => api.close());
  return api;
}
