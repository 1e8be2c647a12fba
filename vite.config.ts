import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { defineConfig } from 'vite';

/**
 * The code every page runs, bundled as one chunk: the libraries, and the small shared modules
 * (API client, cookies, home type, slugs). Left to itself the bundler cuts them into many small
 * shared chunks, each costing a request and its own compression.
 */
const FRAMEWORK_MODULES = [
  /[\\/]node_modules[\\/](react|react-dom|scheduler|use-sync-external-store|i18next|react-i18next|openapi-fetch)[\\/]/,
  /[\\/]node_modules[\\/]@tanstack[\\/](react-router|router-core|history|react-store|store|react-query|query-core)[\\/]/,
  /[\\/]src[\\/]shared[\\/](api|config|lib[\\/](cookies|home-type|class-names))[\\/]/,
];

const apiTarget = `http://127.0.0.1:${process.env.PORT ?? 3000}`;

export default defineConfig({
  plugins: [
    tanstackRouter({
      target: 'react',
      routesDirectory: './src/app/routes',
      generatedRouteTree: './src/app/route-tree.gen.ts',
      autoCodeSplitting: true,
    }),
    react(),
  ],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)), '@domain': fileURLToPath(new URL('./domain', import.meta.url)) } },
  server: {
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/locales': apiTarget,
      '/healthcheck': apiTarget,
      '/media': apiTarget,
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: 'framework', test: (id: string) => FRAMEWORK_MODULES.some((pattern) => pattern.test(id)) }],
        },
      },
    },
  },
});
