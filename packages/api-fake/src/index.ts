export { createFakeApi, type Answer, type Answers, type ErrorAnswer, type FakeApi, type FakeApiOptions, type FakeCall } from './fake-api.ts';
export { setupFakeApi } from './setup.ts';
export * from './fixtures.ts';
