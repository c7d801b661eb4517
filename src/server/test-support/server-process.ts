// The real `npm run api` process for tests: spawned with tsx, its output collected line by line.
import { spawn, type ChildProcess } from 'node:child_process'
import { join } from 'node:path'

const ENTRY = join(import.meta.dirname, '..', 'main.ts')

export interface ServerProcess {
  child: ChildProcess
  /** Complete stdout lines so far. */
  stdout: string[]
  /** stderr chunks so far. */
  stderr: string[]
  exited: Promise<number | null>
}

export interface RunningServer extends ServerProcess {
  origin: string
  port: number
}

/** Starts `src/server/main.ts` with `args` (no waiting). */
export function launchServer(args: string[]): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', ENTRY, ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
  const stdout: string[] = []
  const stderr: string[] = []
  let partial = ''
  child.stdout?.setEncoding('utf8').on('data', (text: string) => {
    const lines = (partial + text).split('\n')
    partial = lines.pop() ?? ''
    stdout.push(...lines)
  })
  child.stderr?.setEncoding('utf8').on('data', (text: string) => stderr.push(text))
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  return { child, stdout, stderr, exited }
}

/** Starts the server on a free port and resolves once it prints its `listening on` line. */
export async function startServer(args: string[], timeoutMs = 20_000): Promise<RunningServer> {
  const server = launchServer(['--port', '0', ...args])
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const line = server.stdout.find((candidate) => candidate.startsWith('listening on '))
    if (line !== undefined) {
      const url = new URL(line.slice('listening on '.length))
      return { ...server, origin: url.origin, port: Number(url.port) }
    }
    if (server.child.exitCode !== null || Date.now() > deadline) throw new Error(`server did not start: ${server.stderr.join('')}`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}
