import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'
import { sqlWorkerAssets } from './scripts/vite-sql-worker-assets.ts'

// `base: './'` keeps the built site deployable under any sub-path of a static host.
export default defineConfig({
  base: './',
  plugins: [react(), sqlWorkerAssets()],
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
