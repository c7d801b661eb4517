import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'
import { pgliteDatadir } from './scripts/vite-pglite-datadir.ts'

// `base: './'` keeps the built site deployable under any sub-path of a static host.
export default defineConfig({
  base: './',
  plugins: [react(), pgliteDatadir()],
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
