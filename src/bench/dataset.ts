// The bench's data: the demo generator's large resource (same seed, same needles as the demo) at a
// chosen record count, as row objects, with its size as text.
import { createDictionaries, generateRecords, GENERATED_FIELDS } from '../demo/generator.ts'
import type { FieldInfo, RecordObject } from '../engine/index.ts'
import { benchQueries, type BenchQuery } from './queries.ts'

export const BENCH_FIELDS: readonly FieldInfo[] = GENERATED_FIELDS

/**
 * The generated records as flat row objects, as if loaded from a file. The generator builds text by
 * `+=`, which leaves V8 rope strings (about 3x the memory of flat text); reading one character makes V8
 * flatten a rope in place, and the next GC drops its pieces. Without this the naive baseline's memory,
 * and any build that keeps the given strings, would measure the generator rather than the contender.
 */
export function generateBenchRecords(count: number): RecordObject[] {
  const records: RecordObject[] = []
  // Flattened as each record arrives, so that the ropes' pieces die young instead of piling up.
  for (const record of generateRecords({ count })) {
    for (const value of Object.values(record)) if (typeof value === 'string') value.charCodeAt(0)
    records.push(record)
  }
  return records
}

/** Sum of the text length of every field of every record, `_id` included (ASCII data: characters = bytes). */
export function textBytesOf(records: readonly RecordObject[]): number {
  let bytes = 0
  for (let index = 0; index < records.length; index++) {
    bytes += String(index + 1).length
    for (const value of Object.values(records[index])) {
      if (value !== null) bytes += (typeof value === 'object' ? JSON.stringify(value) : String(value)).length
    }
  }
  return bytes
}

export function queriesForGeneratedData(): BenchQuery[] {
  return benchQueries(createDictionaries().categories)
}
