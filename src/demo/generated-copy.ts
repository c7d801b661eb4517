// The generated demo resource as COPY text, straight from the generator: the records the demo engine
// serves (the generator's texts are the engine's cell texts, `_id` counting from 1), with no engine
// table built and no per-record arrays. The SQL worker loads the resource this way.
import { copyCell } from '../sql/index.ts'
import { createTextGenerator, DEFAULT_RECORD_COUNT, type GeneratorOptions } from './generator.ts'

/** A character COPY's text format must escape. */
const SPECIAL = /[\\\t\n\r]/

/** One batch of COPY text lines and the records written so far (this batch included). */
export interface CopyBatch {
  text: string
  done: number
}

/** The records in batches of `batchRecords` COPY text lines ([_id, the fields in GENERATED_FIELDS order]). */
export function* generatedCopyBatches(options: GeneratorOptions, batchRecords: number): Generator<CopyBatch, void, undefined> {
  const count = options.count ?? DEFAULT_RECORD_COUNT
  const generator = createTextGenerator(options)
  const lines: string[] = []
  for (let done = 0; done < count; ) {
    const end = Math.min(count, done + batchRecords)
    lines.length = 0
    for (let index = done; index < end; index++) {
      let line = String(index + 1)
      for (const text of generator.next()) line += text === null ? '\t\\N' : `\t${SPECIAL.test(text) ? copyCell(text) : text}`
      lines.push(line)
    }
    done = end
    yield { text: `${lines.join('\n')}\n`, done }
  }
}
