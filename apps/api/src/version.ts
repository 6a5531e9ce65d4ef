import { readFileSync } from 'node:fs';

/** Set by the build (build.mjs) from package.json; run from source, read from package.json itself. */
declare const __STORE_VERSION__: string | undefined;

/** The store's version: the API package's, shown on Settings → System and in the OpenAPI document. */
export const version: string =
  typeof __STORE_VERSION__ === 'string'
    ? __STORE_VERSION__
    : (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;
