// The three pages of the front end, built into dist/ with relative asset
// paths (base './'): fractalis serve reads dist/ into memory and serves it
// at its root; nothing is fetched from another host.
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  base: './',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsInlineLimit: 4096,
    chunkSizeWarningLimit: 1000,
    rollupOptions: {
      input: {
        index: resolve(root, 'index.html'),
        flame: resolve(root, 'flame.html'),
        buddhabrot: resolve(root, 'buddhabrot.html'),
      },
    },
  },
  server: {
    // npm run dev: the API from a running `fractalis serve --port 8080`.
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
});
