import type { Plugin } from 'vite';

/** Writes a .br and a .gz copy of every text asset of the build (1 kB and larger). */
export function precompress(): Plugin;
