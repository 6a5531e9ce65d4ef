// Bundles the server into dist/server.js: workspace packages (TypeScript sources) are inlined,
// npm dependencies stay external and load from node_modules. Demo images are copied beside it.
import { cp, rm } from 'node:fs/promises';
import { build } from 'esbuild';

await rm('dist', { recursive: true, force: true });
await build({
  entryPoints: ['src/server.ts'],
  outfile: 'dist/server.js',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'external-npm-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@store/') ? undefined : { path: args.path, external: true }));
      },
    },
  ],
});
await cp('src/catalog/demo/images', 'dist/images', { recursive: true });
