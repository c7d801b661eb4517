// The built app served by `vite preview` on a free port, for the hand-run perf scripts.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'

export async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  await new Promise((resolve) => server.close(resolve))
  if (address === null || typeof address === 'string') throw new Error('no free port')
  return address.port
}

/** Serves `distDir` (built first when it has no index.html); resolves once the page answers. */
export async function startPreview(distDir: string): Promise<{ origin: string; child: ChildProcess }> {
  if (!existsSync(join(distDir, 'index.html'))) {
    console.info(`${distDir}/ is missing: building it (npx vite build)`)
    const build = spawnSync('npx', ['vite', 'build', '--outDir', distDir], { stdio: 'inherit' })
    if (build.status !== 0) throw new Error('vite build failed')
  }
  const port = await freePort()
  const child = spawn('npx', ['vite', 'preview', '--outDir', distDir, '--host', '127.0.0.1', '--port', String(port), '--strictPort'], {
    detached: true,
    stdio: 'ignore',
  })
  const origin = `http://127.0.0.1:${port}`
  for (let attempt = 0; attempt < 200; attempt++) {
    try {
      if ((await fetch(origin)).ok) return { origin, child }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`vite preview did not answer on ${origin}`)
}
