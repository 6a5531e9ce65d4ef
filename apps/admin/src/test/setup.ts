// The shared jsdom setup of the React packages (packages/ui/src/test/setup.ts): jest-dom matchers, and
// a test fails on any console.error.
import '@store/ui/test-setup';
import { act } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, beforeEach } from 'vitest';
import { sessionStore } from '../features/session/session.ts';

// Every test starts signed out with nothing stored, and leaves no toast behind.
beforeEach(() => {
  sessionStore.reset();
  window.localStorage.clear();
});

afterEach(() => {
  act(() => toast.remove());
  sessionStore.reset();
  window.localStorage.clear();
});
