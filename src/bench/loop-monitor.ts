// Preloaded into the server the latency bench starts (`node --import ./loop-monitor.ts ...`): how long
// the server's event loop is held in one go, by wall clock and by the main thread's own CPU time (from
// Linux's /proc/<pid>/task/<pid>/schedstat, so a figure that hardly moves with the machine's load).
// A 1 ms timer ticks; a gap between two ticks longer than STRETCH_MS is one stretch of work that held
// the loop. On exit the stretches go to the file named by LOOP_MONITOR_FILE as JSON (`LoopStretch[]`).
import { readFileSync, writeFileSync } from 'node:fs'

/** One stretch: started at `at` (ms since the epoch, `performance.timeOrigin + now`), held `wallMs`, of which `cpuMs` on the CPU. */
export interface LoopStretch {
  at: number
  wallMs: number
  cpuMs: number
}

const STRETCH_MS = 4
const STAT_FILE = `/proc/${process.pid}/task/${process.pid}/schedstat`

/** The main thread's CPU time in ms (NaN where the kernel does not say). */
function threadCpuMs(): number {
  try {
    return Number(readFileSync(STAT_FILE, 'latin1').split(' ')[0]) / 1e6
  } catch {
    return Number.NaN
  }
}

function monitor(file: string): void {
  const stretches: LoopStretch[] = []
  let lastWall = performance.now()
  let lastCpu = threadCpuMs()
  const tick = (): void => {
    const wall = performance.now()
    const cpu = threadCpuMs()
    if (wall - lastWall > STRETCH_MS) stretches.push({ at: performance.timeOrigin + lastWall, wallMs: wall - lastWall, cpuMs: cpu - lastCpu })
    lastWall = wall
    lastCpu = cpu
    setTimeout(tick, 1).unref()
  }
  setTimeout(tick, 1).unref()
  process.on('exit', () => writeFileSync(file, JSON.stringify(stretches)))
}

const target = process.env.LOOP_MONITOR_FILE
if (target !== undefined && target !== '') monitor(target)
