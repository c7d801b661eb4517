// PostgreSQL's parser (libpg-query, the SQL module's first safety layer) in a worker of its own, started
// by the SQL worker: its WebAssembly is fetched, compiled and instantiated on another thread while the
// SQL worker's own thread starts PGlite, instead of taking turns with it. Only where the parse tree
// comes from changes: the checks on it are the SQL module's (src/sql/parse-check.ts, `useParser`).
import type { Parse } from '../sql/index.ts'

export type ToParser = { id: number; sql: string }

export type FromParser =
  /** The parser is loaded (once, before any answer). */
  | { kind: 'ready' }
  /** The parser could not be loaded: no statement can be checked. */
  | { kind: 'failed'; message: string }
  | { kind: 'tree'; id: number; tree: unknown }
  /** libpg-query's SqlError: its message, and where in the statement (from 0) when it says. */
  | { kind: 'error'; id: number; message: string; cursorPosition?: number }

export interface ParserWorkerLike {
  postMessage(message: ToParser): void
  addEventListener(type: 'message', listener: (event: MessageEvent<FromParser>) => void): void
  addEventListener(type: 'error', listener: (event: Event) => void): void
}

/** libpg-query's calls, as the parser worker uses them. */
export interface ParserModule {
  loadModule(): Promise<void>
  parse(sql: string): Promise<unknown>
}

/** The parser worker's side: loads the parser at once, then answers each statement with its tree or its error. */
export function serveParser(module: ParserModule, post: (message: FromParser) => void): (message: ToParser) => void {
  const loaded = module.loadModule()
  loaded.then(
    () => post({ kind: 'ready' }),
    (error: unknown) => post({ kind: 'failed', message: error instanceof Error ? error.message : String(error) }),
  )
  return ({ id, sql }) => {
    loaded
      .then(() => module.parse(sql))
      .then(
        (tree) => post({ kind: 'tree', id, tree }),
        (error: unknown) => {
          const position = (error as { sqlDetails?: { cursorPosition?: number } }).sqlDetails?.cursorPosition
          post({ kind: 'error', id, message: error instanceof Error ? error.message : String(error), ...(position === undefined ? {} : { cursorPosition: position }) })
        },
      )
  }
}

/**
 * The SQL worker's side: the parser as `useParser` takes it, resolved once the worker has loaded it
 * (rejected when it could not). Call it as soon as the worker is made: its `ready` is posted once, and a
 * worker's message that arrives before anyone listens is lost. A statement the parser refuses rejects with an error carrying
 * libpg-query's `sqlDetails.cursorPosition`, as the parser called in place does.
 */
export function remoteParser(worker: ParserWorkerLike): Promise<Parse> {
  const waiting = new Map<number, { resolve: (tree: unknown) => void; reject: (error: Error) => void }>()
  let nextId = 0
  const parse: Parse = (sql) =>
    new Promise((resolve, reject) => {
      const id = nextId++
      waiting.set(id, { resolve, reject })
      // oxlint-disable-next-line unicorn/require-post-message-target-origin -- a worker's postMessage has no target origin
      worker.postMessage({ id, sql })
    })
  return new Promise((resolve, reject) => {
    worker.addEventListener('error', (event) => {
      const said = (event as { message?: unknown }).message
      const message = typeof said === 'string' && said !== '' ? said : 'the parser could not be loaded'
      reject(new Error(message))
      for (const pending of waiting.values()) pending.reject(new Error(message))
      waiting.clear()
    })
    worker.addEventListener('message', ({ data }) => {
      if (data.kind === 'ready') resolve(parse)
      else if (data.kind === 'failed') reject(new Error(data.message))
      else {
        const pending = waiting.get(data.id)
        waiting.delete(data.id)
        if (data.kind === 'tree') pending?.resolve(data.tree)
        else pending?.reject(Object.assign(new Error(data.message), { sqlDetails: data.cursorPosition === undefined ? {} : { cursorPosition: data.cursorPosition } }))
      }
    })
  })
}
