// The shared jsdom setup of the React packages (packages/ui/src/test/setup.ts).
import '@store/ui/test-setup';
