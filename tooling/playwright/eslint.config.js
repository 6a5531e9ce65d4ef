import base from '@store/eslint-config/base';

export default [
  ...base,
  {
    // Test tooling, not the application: it reads CI's settings (CI, the database to test against) itself.
    files: ['src/**'],
    rules: { 'no-restricted-properties': 'off' },
  },
];
