import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, expect, vi, type MockInstance } from 'vitest';

let consoleError: MockInstance<typeof console.error>;

beforeEach(() => {
  consoleError = vi.spyOn(console, 'error');
});

// A test fails on any console.error (React warnings included); a test expecting one mocks it itself.
afterEach(() => {
  cleanup();
  expect(consoleError, 'console.error was called').not.toHaveBeenCalled();
  vi.restoreAllMocks();
});
