// The reference API server (`npm run api`) on a free port with the e2e courses file, for the hand-run
// perf scripts that need a live server.
import { spawn, type ChildProcess } from 'node:child_process'
import { freePort } from './preview.ts'

export const BENCH_LIVE_RESOURCE = '7c1f3a52-5b2d-4f8e-9a61-0d2b8e4c9f10'

/** Starts the server; resolves with its base URL once it answers. */
export async function startReferenceServer(): Promise<{ baseUrl: string; child: ChildProcess }> {
  const port = await freePort()
  const args = ['tsx', 'src/server/main.ts', '--host', '127.0.0.1', '--port', String(port), '--base-path', '/data', '--resource', `${BENCH_LIVE_RESOURCE}=e2e/fixtures/courses.csv`]
  const child = spawn('npx', args, { detached: true, stdio: 'ignore' })
  const baseUrl = `http://127.0.0.1:${port}/data`
  for (let attempt = 0; attempt < 300; attempt++) {
    try {
      if ((await fetch(`${baseUrl}/api/action/datastore_search?resource_id=${BENCH_LIVE_RESOURCE}&limit=0`)).ok) return { baseUrl, child }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`the reference server did not answer on ${baseUrl}`)
}
