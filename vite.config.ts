import react from '@vitejs/plugin-react'
import { VitePWA } from 'vite-plugin-pwa'
import { defineConfig } from 'vitest/config'
import { sqlWorkerAssets } from './scripts/vite-sql-worker-assets.ts'

// Offline after one visit: the service worker precaches the app shell, the demo worker and its data
// (everything up to Workbox's 2 MiB a file). Bigger lazy chunks (an SQL engine, WebAssembly) are
// cached the first time they are used instead, the first visit's too: the first worker claims the
// page it was installed from (an update still waits for the user), and files the SQL engine fetched
// before that are asked again through it (src/app/offline-register.ts). The manifest and icon live in
// public/; registering is done by the app (src/app/app-update.ts), never by an inline script, and a
// new version waits until the user asks for it.
const offline = VitePWA({
  registerType: 'prompt',
  injectRegister: false,
  manifest: false,
  includeAssets: ['icon.svg', 'icon-32.png', 'manifest.webmanifest'],
  workbox: {
    globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,json,csv}'],
    navigateFallback: 'index.html',
    cleanupOutdatedCaches: true,
    clientsClaim: true,
    runtimeCaching: [
      {
        // The SQL engine's files with fixed names (its data directory, the parser): the network first,
        // so that a new version never starts on an older copy; the copy answers offline.
        urlPattern: ({ url, sameOrigin }) => sameOrigin && /\/assets\/(pglite-datadir\.tar\.gz|libpg-query\.wasm)$/.test(url.pathname),
        handler: 'NetworkFirst',
        options: { cacheName: 'sql-engine-files' },
      },
      {
        // Hashed file names never change content: the first copy is the right one.
        urlPattern: ({ url, sameOrigin }) => sameOrigin && /\/assets\/[^/]+\.(js|wasm|data|css)$/.test(url.pathname),
        handler: 'CacheFirst',
        options: { cacheName: 'lazy-chunks', expiration: { maxEntries: 30 } },
      },
    ],
  },
})

// `base: './'` keeps the built site deployable under any sub-path of a static host.
export default defineConfig({
  base: './',
  plugins: [react(), sqlWorkerAssets(), offline],
  // Both load WebAssembly beside their own files: pre-bundling would move them away from it.
  optimizeDeps: { exclude: ['@electric-sql/pglite', 'libpg-query'] },
  server: { host: '127.0.0.1', port: 5173 },
  preview: { host: '127.0.0.1', port: 5173, strictPort: true },
  worker: { format: 'es' },
  build: { target: 'es2022', sourcemap: false },
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'node',
    testTimeout: 30_000,
  },
})
