import { fileURLToPath } from 'node:url';
import { constants as zlibConstants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { CHUNK_GROUPS } from './web/chunk-groups.ts';

const apiServer = 'http://localhost:3000';

export default defineConfig({
  root: fileURLToPath(new URL('./web', import.meta.url)),
  // Relative asset URLs: the built app works wherever the server mounts it.
  base: './',
  plugins: [
    react(),
    // Brotli and gzip copies of every text asset, made once at build: the server sends the one the
    // browser accepts (@fastify/static preCompressed), never compressing them per request.
    compression({
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
      include: /\.(js|css|html|svg|json|txt|webmanifest)$/,
      threshold: 1024,
      skipIfLargerOrEqual: true,
      logLevel: 'silent',
    }),
  ],
  build: {
    outDir: fileURLToPath(new URL('./dist/web', import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
    // bench/ reads it to measure what a visitor's first page loads.
    manifest: true,
    // No modulepreload links for a lazy page's chunks: the entry added them one by one on the main
    // thread when a route matched (28 for a product page, about 45 ms on Lighthouse's phone), more
    // than the browser's own fetching of a chunk's imports costs (bench/README.md, Lighthouse).
    modulePreload: false,
    // Three files a shopper meets first instead of dozens (web/chunk-groups.ts).
    rolldownOptions: { output: { codeSplitting: { groups: CHUNK_GROUPS } } },
  },
  server: {
    proxy: {
      '/api': apiServer,
      '/images': apiServer,
      '/uploads': apiServer,
    },
  },
  preview: {
    proxy: {
      '/api': apiServer,
      '/images': apiServer,
      '/uploads': apiServer,
    },
  },
});
