// The generated resource built on two threads: a worker of its own draws and writes the records'
// bytes (about half the work), and the demo engine's worker turns each finished chunk into the
// table's (its text, lowercase bytes and codes: the other half, most of it first writes to fresh
// memory). The two halves overlap, so the whole table is there in about half the time.
//
// Chunks travel as transferred buffers; the written bytes' buffers come back to be written again, so
// at most IN_FLIGHT of them exist and the producer never runs far ahead of the table.
import type { Table } from '../engine/index.ts'
import {
  DEFAULT_RECORD_COUNT,
  GENERATED_VALUE_LISTS,
  generatedRecordSource,
  generatedRecordWriter,
  generatedTableBuilder,
  type BuildOptions,
  type GeneratorOptions,
} from './generator.ts'

/** One finished chunk of written records (the engine's WrittenChunk without its value lists, which both sides know). */
export interface PostedChunk {
  kind: 'chunk'
  count: number
  bytes: Uint8Array
  starts: Int32Array
  fieldEnds: Uint32Array
  nulls: (Uint8Array | null)[]
  codes: (Uint16Array | null)[]
  /** Records written so far, this chunk's included. */
  done: number
}

export type FromGenerator = PostedChunk | { kind: 'end'; total: number } | { kind: 'failed'; message: string }

export type ToGenerator = { kind: 'start'; count: number; seed?: number } | { kind: 'recycle'; buffer: ArrayBuffer }

/** Written chunks posted and not yet given back (one being filled, one on its way, one being added). */
const IN_FLIGHT = 3

/**
 * The generator worker's side: writes the records of `options`, posting each finished chunk, and
 * waits for a buffer to come back (`recycle`) when IN_FLIGHT are out.
 */
export function createChunkProducer(options: GeneratorOptions, post: (message: FromGenerator, transfer: Transferable[]) => void): { run(): Promise<void>; recycle(buffer: ArrayBuffer): void } {
  const pool: ArrayBuffer[] = []
  let made = 0
  let wake: (() => void) | undefined

  const take = (size: number): ArrayBuffer => {
    const buffer = pool.pop()
    if (buffer !== undefined && buffer.byteLength >= size) return buffer
    if (buffer === undefined) made++
    // a first buffer, or a bigger one for a chunk longer than its buffer; room to spare for the next chunks
    return new ArrayBuffer(size + (size >> 3))
  }

  const hasRoom = (): boolean => pool.length > 0 || made < IN_FLIGHT
  const room = async (): Promise<void> => {
    while (!hasRoom()) await new Promise<void>((resolve) => (wake = resolve))
  }

  const run = async (): Promise<void> => {
    const count = options.count ?? DEFAULT_RECORD_COUNT
    const source = generatedRecordSource(options)
    const builder = generatedTableBuilder()
    let done = 0
    const writer = generatedRecordWriter(builder, (chunk) => {
      const buffer = take(chunk.bytes.length)
      const bytes = new Uint8Array(buffer, 0, chunk.bytes.length)
      bytes.set(chunk.bytes)
      const fieldEnds = chunk.fieldEnds.slice()
      // the writer makes new null bits, codes and starts for every chunk: they can go as they are
      const nulls = [...chunk.nulls]
      const codes = [...chunk.codes]
      done += chunk.count
      const owned = [...nulls, ...codes].flatMap((part) => (part === null ? [] : [part.buffer]))
      post({ kind: 'chunk', count: chunk.count, bytes, starts: chunk.starts, fieldEnds, nulls, codes, done }, [buffer, chunk.starts.buffer, fieldEnds.buffer, ...owned])
    })
    const chunkSize = builder.chunkSize
    for (let first = 0; first < count; first += chunkSize) {
      await room()
      const end = Math.min(count, first + chunkSize)
      for (let index = first; index < end; index++) source.writeNext(writer)
    }
    writer.finish()
    post({ kind: 'end', total: count }, [])
  }

  return {
    run,
    recycle(buffer) {
      pool.push(buffer)
      wake?.()
      wake = undefined
    },
  }
}

/** What the engine's worker needs of the generator worker. */
export interface GeneratorWorkerLike {
  postMessage(message: ToGenerator, transfer: Transferable[]): void
  addEventListener(type: 'message', listener: (event: MessageEvent<FromGenerator>) => void): void
  addEventListener(type: 'error', listener: (event: ErrorEvent) => void): void
  terminate(): void
}

/**
 * The engine worker's side: the generated table from the chunks `worker` writes, with the same
 * progress and partial tables as `buildGeneratedTableAsync` (after each chunk).
 */
export function buildGeneratedTableFromWorker(options: BuildOptions, worker: GeneratorWorkerLike): Promise<Table> {
  const count = options.count ?? DEFAULT_RECORD_COUNT
  const builder = generatedTableBuilder()
  return new Promise<Table>((resolve, reject) => {
    let settled = false
    const fail = (message: string): void => {
      if (settled) return
      settled = true
      worker.terminate()
      reject(new Error(`The generated records could not be written: ${message}`))
    }
    worker.addEventListener('error', (event) => fail(event.message || 'the generator stopped'))
    worker.addEventListener('message', ({ data: message }) => {
      if (settled) return
      try {
        switch (message.kind) {
          case 'chunk': {
            builder.appendWrittenChunk({ ...message, values: GENERATED_VALUE_LISTS })
            worker.postMessage({ kind: 'recycle', buffer: message.bytes.buffer as ArrayBuffer }, [message.bytes.buffer as ArrayBuffer])
            if (message.done < count) {
              options.onProgress?.(message.done, count)
              options.onPartial?.(builder.snapshot())
            }
            break
          }
          case 'end': {
            settled = true
            worker.terminate()
            const table = builder.build()
            options.onProgress?.(count, count)
            resolve(table)
            break
          }
          case 'failed':
            fail(message.message)
            break
        }
      } catch (error) {
        fail(error instanceof Error ? error.message : String(error))
      }
    })
    options.onProgress?.(0, count)
    worker.postMessage({ kind: 'start', count, seed: options.seed }, [])
  })
}
