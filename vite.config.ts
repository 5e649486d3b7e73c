import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiServer = 'http://localhost:3000';

export default defineConfig({
  root: fileURLToPath(new URL('./web', import.meta.url)),
  // Relative asset URLs: the built app works wherever the server mounts it.
  base: './',
  plugins: [react()],
  build: {
    outDir: fileURLToPath(new URL('./dist/web', import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
    // bench/ reads it to measure what a visitor's first page loads.
    manifest: true,
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
