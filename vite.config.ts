import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

const commonDir = fileURLToPath(new URL('./common', import.meta.url));

export default defineConfig({
  root: 'web',
  plugins: [react(), tailwindcss()],
  resolve: { alias: { '@common': commonDir } },
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    // No catch-all vendor chunk: a library lands in the chunk of the pages that use it, so the public pages
    // never load what only signed-in pages need (`npx tsx bench/bundle.ts` measures each page's first load).
    rolldownOptions: {
      output: {
        // Lazy chunks by their hash alone: the entry chunk lists every chunk's file for preloading, on every page's
        // first load, and ~150 names cost about 1 KB gzipped there. The manifest keeps each chunk's name.
        chunkFileNames: 'assets/[hash].js',
        codeSplitting: {
          // React, React DOM and the router: every page needs them, and they change less often than our code.
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            // The toaster: the shell loads it lazily and signed-in pages import it, so it stays one chunk of its
            // own instead of landing wherever the bundler merges it.
            { name: 'toast', test: /node_modules[\\/](react-hot-toast|goober)[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/uploads': 'http://127.0.0.1:3000',
      '/form-widget.js': 'http://127.0.0.1:3000',
      '/scheduling-widget.js': 'http://127.0.0.1:3000',
    },
  },
});
