// The jsdom test setup of every React package: browser gaps filled, and a test fails on any console.error.
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, expect, vi, type MockInstance } from 'vitest';

// jsdom has no matchMedia; react-hot-toast asks it for the reduced-motion preference.
if (!window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  });
}

// jsdom does not scroll; the router restores the scroll position on every navigation.
window.scrollTo = () => {};

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
