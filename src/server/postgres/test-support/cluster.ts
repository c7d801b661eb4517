// A throwaway PostgreSQL cluster for tests: initdb in a temporary folder, a free port, the socket in
// that folder, fsync off; run as the `postgres` user when the tests run as root (PostgreSQL refuses
// root). `stop()` removes everything; `pause()`/`resume()` stop and start the server in between.
import { execFileSync, spawnSync } from 'node:child_process'
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export interface TestCluster {
  /** `postgres://postgres@127.0.0.1:PORT/DB` */
  url: string
  port: number
  /** Stops the server (keeps the data) and starts it again on the same port. */
  pause(): void
  resume(): void
  /** Stops the server and starts it again with these settings instead of those it started with. */
  restartWith(settings: Readonly<Record<string, string>>): void
  /** Stops the server and removes the folder. */
  stop(): void
}

/** The folder holding initdb and pg_ctl, or undefined when PostgreSQL is not installed. */
export function postgresBinaries(): string | undefined {
  const fromEnv = process.env.PG_BIN
  if (fromEnv !== undefined && existsSync(join(fromEnv, 'initdb'))) return fromEnv
  const root = '/usr/lib/postgresql'
  if (!existsSync(root)) return undefined
  const versions = readdirSync(root).filter((name) => existsSync(join(root, name, 'bin', 'initdb')))
  versions.sort((a, b) => Number(b) - Number(a))
  return versions[0] === undefined ? undefined : join(root, versions[0], 'bin')
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address !== null ? address.port : 0
      server.close(() => resolve(port))
    })
  })
}

/** `settings`: server settings for this cluster (`-c name=value`), e.g. `{ shared_buffers: '1GB' }`. */
export async function startCluster(database = 'datastore', settings: Readonly<Record<string, string>> = {}): Promise<TestCluster> {
  const bin = postgresBinaries()
  if (bin === undefined) throw new Error('PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb; set PG_BIN)')
  const folder = mkdtempSync(join(tmpdir(), 'pg-test-'))
  const asRoot = process.getuid?.() === 0
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim())
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim())
    chownSync(folder, uid, gid)
    chmodSync(folder, 0o700)
  }
  const run = (tool: string, args: string[]): void => {
    const command = asRoot ? 'runuser' : join(bin, tool)
    const argv = asRoot ? ['-u', 'postgres', '--', join(bin, tool), ...args] : args
    const result = spawnSync(command, argv, { encoding: 'utf8' })
    if (result.status !== 0) throw new Error(`${tool} failed: ${result.stderr || result.stdout}`)
  }
  const data = join(folder, 'data')
  const port = await freePort()
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C.UTF-8'])
  const options = (named: Readonly<Record<string, string>>): string =>
    `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off${Object.entries(named).map(([name, value]) => ` -c ${name}=${value}`).join('')}`
  let current = settings
  const start = (): void => run('pg_ctl', ['-D', data, '-l', join(folder, 'log'), '-w', '-o', options(current), 'start'])
  const halt = (): void => run('pg_ctl', ['-D', data, '-w', '-m', 'immediate', 'stop'])
  start()
  run('createdb', ['-h', folder, '-p', String(port), '-U', 'postgres', database])
  let running = true
  return {
    url: `postgres://postgres@127.0.0.1:${port}/${database}`,
    port,
    pause() {
      halt()
      running = false
    },
    resume() {
      start()
      running = true
    },
    restartWith(next) {
      if (running) halt()
      running = false
      current = next
      start()
      running = true
    },
    stop() {
      try {
        if (running) halt()
      } finally {
        rmSync(folder, { recursive: true, force: true })
      }
    },
  }
}
