// Full-page screenshots at 390 and 1280 px into test-results/screenshots/<name>-<width>.png.
export { snap } from '@store/playwright-config';
