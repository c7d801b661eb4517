// The generated demo resource as COPY text, straight from the generator's draws: the records the demo
// engine serves (the generator's texts are the engine's cell texts, `_id` counting from 1), written as
// bytes with no string per cell or record, no engine table built and no per-record arrays. The SQL
// worker loads the resource this way.
import { CopyTextWriter } from '../sql/index.ts'
import { DEFAULT_RECORD_COUNT, GENERATED_VALUE_LISTS, generatedRecordSource, type GeneratorOptions } from './generator.ts'

/** One batch of COPY text lines and the records written so far (this batch included). */
export interface CopyBatch {
  /** UTF-8 COPY text: the writer's own buffer, valid only until the next batch is asked for. */
  bytes: Uint8Array<ArrayBuffer>
  done: number
}

/** The records in batches of `batchRecords` COPY text lines ([_id, the fields in GENERATED_FIELDS order]). */
export function* generatedCopyBatches(options: GeneratorOptions, batchRecords: number): Generator<CopyBatch, void, undefined> {
  const count = options.count ?? DEFAULT_RECORD_COUNT
  const source = generatedRecordSource(options)
  // about 220 bytes a record: a batch's buffer is allocated once, not grown
  const writer = new CopyTextWriter(GENERATED_VALUE_LISTS, Math.min(count, batchRecords) * 256 + 1024)
  for (let done = 0; done < count; ) {
    const end = Math.min(count, done + batchRecords)
    for (let index = done; index < end; index++) {
      writer.startRecord(index + 1)
      source.writeNext(writer)
    }
    done = end
    yield { bytes: writer.take(), done }
  }
}
