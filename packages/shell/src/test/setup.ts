// The shared jsdom setup of the React packages (packages/ui/src/test/setup.ts): jest-dom matchers, and
// a test fails on any console.error.
import '@store/ui/test-setup';
