import { describe, expect, it } from 'vitest'
import { tableCellTexts } from '../engine/index.ts'
import { copyText } from '../sql/index.ts'
import { generatedCopyBatches } from './generated-copy.ts'
import { buildGeneratedTable } from './generator.ts'

describe('the generated resource as COPY text, straight from the generator', () => {
  it('is exactly the engine table`s records as COPY text, in batches that count what is done', () => {
    const options = { count: 2500, seed: 7, needles: [{ text: 'tab\there back\\slash', count: 3 }] }
    // each batch's bytes are the writer's buffer, read before the next batch is asked for
    const batches = Array.from(generatedCopyBatches(options, 1000), ({ bytes, done }) => ({ text: new TextDecoder().decode(bytes), done }))
    expect(batches.map((batch) => batch.done)).toEqual([1000, 2000, 2500])
    const table = buildGeneratedTable(options)
    expect(batches.map((batch) => batch.text).join('')).toBe(copyText(tableCellTexts(table, 0, table.size)))
    // the escaped needle and empty cells are there, so both paths were compared on them
    expect(batches.map((batch) => batch.text).join('')).toContain('tab\\there back\\\\slash')
    expect(batches[0]?.text).toContain('\t\\N')
  })
})
