// A measurement in a child process of its own (clean memory figures): `node --expose-gc
// --max-old-space-size=8192 --import tsx ENTRY ...ARGS OUT`, where the child writes its figures to OUT
// as JSON. The child's stdout goes to our stderr: stdout is kept for the final tables.
import { spawn } from 'node:child_process'
import { readFileSync, rmSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url))

/** Runs the child and resolves with its JSON; `what` names the measurement when the child fails. */
export function runJsonChild<T>(entry: string, args: readonly string[], outPath: string, what: string): Promise<T> {
  rmSync(outPath, { force: true })
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--expose-gc', '--max-old-space-size=8192', '--import', 'tsx', entry, ...args, outPath], { cwd: REPO_ROOT, stdio: ['ignore', 2, 2] })
    child.on('error', reject)
    child.on('exit', (code, signal) => {
      if (code !== 0) {
        reject(new Error(`${what} failed (${signal === null ? `exit code ${code}` : `signal ${signal}`}); its output is above`))
        return
      }
      resolve(JSON.parse(readFileSync(outPath, 'utf8')) as T)
      rmSync(outPath, { force: true })
    })
  })
}
