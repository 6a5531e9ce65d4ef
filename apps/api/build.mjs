// Bundles the server into dist/server.js: workspace packages (TypeScript sources) are inlined,
// npm dependencies stay external and load from node_modules. Demo images are copied beside it.
import { cp, readFile, rm } from 'node:fs/promises';
import { build } from 'esbuild';

// A production build leaves the payment sandbox out: it could hand out goods without payment.
const production = process.env.NODE_ENV === 'production';
const outdir = process.argv[2] ?? 'dist';

const { version } = JSON.parse(await readFile('package.json', 'utf8'));

await rm(outdir, { recursive: true, force: true });
await build({
  entryPoints: ['src/server.ts'],
  outfile: `${outdir}/server.js`,
  define: { __PAYMENT_SANDBOX_BUILD__: String(!production), __STORE_VERSION__: JSON.stringify(version) },
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
await cp('src/catalog/demo/images', `${outdir}/images`, { recursive: true });
