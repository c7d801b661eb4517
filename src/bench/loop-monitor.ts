// Preloaded into the server the latency bench starts (`node --import ./loop-monitor.ts ...`): how long
// the server's event loop is held in one go, by wall clock and by the main thread's own CPU time (from
// Linux's /proc/<pid>/task/<pid>/schedstat, so a figure that hardly moves with the machine's load).
// A 1 ms timer ticks; a gap between two ticks longer than STRETCH_MS is one stretch of work that held
// the loop. On exit the stretches go to the file named by LOOP_MONITOR_FILE as JSON (`LoopStretch[]`).
import { readFileSync, writeFileSync } from 'node:fs'

/**
 * One stretch: started at `at` (ms since the epoch, `performance.timeOrigin + now`), held `wallMs`, of
 * which `cpuMs` on the CPU, with `faults` minor page faults of the main thread (first touches of
 * fresh memory: a count of work that does not move with the machine's load, while each fault's cost does).
 */
export interface LoopStretch {
  at: number
  wallMs: number
  cpuMs: number
  faults: number
}

const STRETCH_MS = 4
const STAT_FILE = `/proc/${process.pid}/task/${process.pid}/schedstat`
const TASK_STAT_FILE = `/proc/${process.pid}/task/${process.pid}/stat`

/** The main thread's CPU time in ms (NaN where the kernel does not say). */
function threadCpuMs(): number {
  try {
    return Number(readFileSync(STAT_FILE, 'latin1').split(' ')[0]) / 1e6
  } catch {
    return Number.NaN
  }
}

/** The main thread's minor page faults so far (NaN where the kernel does not say). */
function threadFaults(): number {
  try {
    const stat = readFileSync(TASK_STAT_FILE, 'latin1')
    // after the command name in parentheses: state is field 3, minflt field 10
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[7])
  } catch {
    return Number.NaN
  }
}

function monitor(file: string): void {
  const stretches: LoopStretch[] = []
  let lastWall = performance.now()
  let lastCpu = threadCpuMs()
  let lastFaults = threadFaults()
  const tick = (): void => {
    const wall = performance.now()
    const cpu = threadCpuMs()
    const faults = threadFaults()
    if (wall - lastWall > STRETCH_MS) stretches.push({ at: performance.timeOrigin + lastWall, wallMs: wall - lastWall, cpuMs: cpu - lastCpu, faults: faults - lastFaults })
    lastWall = wall
    lastCpu = cpu
    lastFaults = faults
    setTimeout(tick, 1).unref()
  }
  setTimeout(tick, 1).unref()
  process.on('exit', () => writeFileSync(file, JSON.stringify(stretches)))
}

const target = process.env.LOOP_MONITOR_FILE
if (target !== undefined && target !== '') monitor(target)
