import { describe, expect, it } from 'vitest'
import { Catalog, createDatastoreHandler, type Table } from '../engine/index.ts'
import { DataFileError, formatFromName, loadDataFile, loadDataRecords } from './load-file.ts'
import { readTable } from './testing.ts'

async function loadCsv(text: string | Uint8Array, name = 'data.csv') {
  const source = typeof text === 'string' ? text : new Blob([text as BlobPart])
  return readTable(await loadDataFile(source, { name }))
}

async function errorOf(promise: Promise<unknown>): Promise<DataFileError> {
  try {
    await promise
  } catch (error) {
    if (error instanceof DataFileError) return error
    throw error
  }
  throw new Error('expected a DataFileError')
}

describe('loading CSV', () => {
  it('reads a header and rows, inferring numeric columns and keeping text as text', async () => {
    const { fields, records } = await loadCsv('subject,stage,credits\nBiology,active,5\nChemistry,closed,10\n')
    expect(fields.map((field) => field.id)).toEqual(['subject', 'stage', 'credits'])
    expect(fields.find((field) => field.id === 'subject')?.type).toBe('text')
    expect(fields.find((field) => field.id === 'credits')?.type).not.toBe('text')
    expect(records.map((record) => [record.subject, record.stage, record.credits])).toEqual([['Biology', 'active', 5], ['Chemistry', 'closed', 10]])
  })

  it('handles a BOM, CRLF, quoted commas, escaped quotes, embedded newlines and non-ASCII from bytes', async () => {
    const text = '\ufeffname,note\r\n"Zoë, Ångström","said ""hej"""\r\n東京,"two\r\nlines"\r\n'
    const { fields, records } = await loadCsv(new TextEncoder().encode(text))
    expect(fields.map((field) => field.id)).toEqual(['name', 'note'])
    expect(records.map((record) => [record.name, record.note])).toEqual([['Zoë, Ångström', 'said "hej"'], ['東京', 'two\r\nlines']])
  })

  it('pads a row with too few values with nulls', async () => {
    const { records } = await loadCsv('a,b,c\nx,y\n')
    expect(records[0]).toMatchObject({ a: 'x', b: 'y', c: null })
  })

  it('skips blank lines but still counts them for line numbers', async () => {
    const error = await errorOf(loadDataFile('a,b\n\n1,2\n\n1,2,3\n', { name: 'gaps.csv' }))
    expect(error.message).toBe('gaps.csv: line 5: 3 values, but the header has 2 columns')
    expect(error.line).toBe(5)
  })

  it('drops an _id column: the engine numbers the records', async () => {
    const { fields, records } = await loadCsv('_id,name\n7,a\n9,b\n')
    expect(fields.map((field) => field.id)).toEqual(['name'])
    expect(records.map((record) => record['_id'])).toEqual([1, 2])
  })

  it('rejects empty and duplicate header names, naming the line and column', async () => {
    expect((await errorOf(loadDataFile('a,,c\n1,2,3\n', { name: 'h.csv' }))).message).toBe('h.csv: line 1: column 2 has an empty header name')
    expect((await errorOf(loadDataFile('a,b,a\n1,2,3\n', { name: 'h.csv' }))).message)
      .toBe('h.csv: line 1: duplicate header name "a" (columns 1 and 3)')
  })

  it('names the line of malformed quotes', async () => {
    const unterminated = await errorOf(loadDataFile('a,b\n1,2\n"open,3\n4,5\n', { name: 'q.csv' }))
    expect(unterminated.message).toBe('q.csv: line 3: a quoted value is never closed (missing closing quote)')
    const early = await errorOf(loadDataFile('a,b\n1,2\n3,"x"y\n', { name: 'q.csv' }))
    expect(early.message).toMatch(/^q\.csv: line 3: malformed quotes/)
  })

  it('names the line of invalid UTF-8, also when it is far into a streamed file', async () => {
    const head = new TextEncoder().encode('a,b\n' + 'x,y\n'.repeat(50_000))
    const bytes = new Uint8Array(head.length + 6)
    bytes.set(head)
    bytes.set([0x7a, 0xff, 0x2c, 0x31, 0x0a, 0x7a], head.length) // "z\xff,1\nz"
    const error = await errorOf(loadDataFile(new Blob([bytes]), { name: 'bad.csv' }))
    expect(error.message).toBe('bad.csv: line 50002: invalid UTF-8 (save the file as UTF-8)')
  })

  it('decodes characters split across stream chunks, byte by byte', async () => {
    const bytes = new TextEncoder().encode('name\nZoë 東京 🦘\n')
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const byte of bytes) controller.enqueue(Uint8Array.of(byte))
        controller.close()
      },
    })
    const { records } = await readTable(await loadDataFile(stream, { name: 'split.csv' }))
    expect(records.map((record) => record.name)).toEqual(['Zoë 東京 🦘'])
  })

  it('rejects an empty file', async () => {
    expect((await errorOf(loadDataFile('', { name: 'empty.csv' }))).message).toBe('empty.csv: the file is empty: a CSV file needs a header row')
  })

  it('streams a large file and reports byte progress up to the total', async () => {
    const rows = 300_000
    const text = 'id,word\n' + Array.from({ length: rows }, (_, i) => `${i},w${i % 97}`).join('\n')
    const blob = new Blob([text])
    const reports: number[] = []
    const table = await loadDataFile(blob, { name: 'big.csv', onProgress: (done, total) => {
      expect(total).toBe(blob.size)
      reports.push(done)
    } })
    expect(table.size).toBe(rows)
    expect(reports.at(-1)).toBe(blob.size)
    expect(reports.length).toBeGreaterThan(1)
  })
})

describe('loading CSV a piece at a time', () => {
  it('drains the sink at least every 16 KB of text, also when the source hands over its text in one piece', async () => {
    const text = 'id,word\n' + Array.from({ length: 20_000 }, (_, i) => `${i},w${i % 97}`).join('\n')
    let records = 0
    let drains = 0
    const count = await loadDataRecords(text, { name: 'one-piece.csv', sampleRows: 10 }, () => ({
      append: () => records++,
      appendTexts: () => records++,
      drain: async () => {
        drains++
      },
      finish: () => records,
    }))
    expect(count).toBe(20_000)
    // a string source comes in pieces of 1 MB: this one as a single piece, parsed in several
    expect(drains).toBeGreaterThanOrEqual(Math.floor(text.length / 16_384))
  })
})

describe('loading CSV with partial tables', () => {
  it('answers filters on its coded columns as a load without them does (room for the estimated size made early, past the end too)', async () => {
    const rows = 200_000
    // the estimate from the first chunk is exceeded (later lines are longer), and the last chunk is partial
    const text = 'id,word,flag\n' + Array.from({ length: rows }, (_, i) => `${i},w${i % 97}${i > 100_000 ? 'xxxxxxxx' : ''},${i % 3 === 0 ? '' : 'y'}`).join('\n')
    const estimates: number[] = []
    const partial = await loadDataFile(new Blob([text]), { name: 'a.csv', chunkSize: 4_096, onPartial: (_table, expected) => estimates.push(expected) })
    const whole = await loadDataFile(new Blob([text]), { name: 'a.csv', chunkSize: 4_096 })
    expect(estimates.length).toBeGreaterThan(1)
    expect(estimates[0]).toBeLessThan(rows)
    for (const filters of [{ word: 'w5' }, { word: 'w5xxxxxxxx' }, { flag: 'y' }, { word: ['w0', 'w96xxxxxxxx'], flag: 'y' }]) {
      const [fromPartial, fromWhole] = await Promise.all([partial, whole].map((table) => filteredIds(table, filters)))
      expect(fromPartial.length).toBeGreaterThan(0)
      expect(fromPartial).toEqual(fromWhole)
    }
  })
})

async function filteredIds(table: Table, filters: Record<string, unknown>): Promise<number[]> {
  const catalog = new Catalog()
  catalog.add({ id: 't', load: () => table })
  const handler = createDatastoreHandler({ catalog, basePath: '/t', tokens: [] })
  const response = await handler(new Request('http://test/t/api/action/datastore_search', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ resource_id: 't', filters, limit: 200_000, fields: ['_id'] }) }))
  return ((await response.json()) as { result: { records: { _id: number }[] } }).result.records.map((record) => record._id)
}

describe('loading JSON', () => {
  it('reads an array of objects: fields in first-seen order, missing keys null, types from the values', async () => {
    const table = await loadDataFile('[{"name":"a","n":1,"ok":true},{"name":"b","x":2.5,"tags":["t"]}]', { name: 'd.json' })
    const { fields, records } = await readTable(table)
    expect(fields).toEqual([
      { id: 'name', type: 'text' }, { id: 'n', type: 'int4' }, { id: 'ok', type: 'bool' },
      { id: 'x', type: 'numeric' }, { id: 'tags', type: 'json' },
    ])
    expect(records[1]).toMatchObject({ name: 'b', n: null, ok: null, x: 2.5, tags: ['t'] })
  })

  it('stores mixed number/text values as text', async () => {
    const { fields, records } = await readTable(await loadDataFile('[{"v":1},{"v":"two"}]', { name: 'm.json' }))
    expect(fields).toEqual([{ id: 'v', type: 'text' }])
    expect(records.map((record) => record.v)).toEqual(['1', 'two'])
  })

  it('names the index of an item that is not an object', async () => {
    expect((await errorOf(loadDataFile('[{"a":1}, 5]', { name: 'j.json' }))).message)
      .toBe('j.json: item 1 (0-based) is a number, but every item must be an object of field values')
    expect((await errorOf(loadDataFile('[{"a":1}, [1]]', { name: 'j.json' }))).message).toMatch(/item 1 \(0-based\) is an array/)
  })

  it('rejects JSON that is not an array, and names the line of a syntax error', async () => {
    expect((await errorOf(loadDataFile('{"a":1}', { name: 'j.json' }))).message).toMatch(/must be an array of objects/)
    const error = await errorOf(loadDataFile('[\n{"a":1},\n{"a":2,,}\n]', { name: 'j.json' }))
    expect(error.line).toBe(3)
    expect(error.message).toMatch(/^j\.json: line 3: invalid JSON/)
  })
})

describe('format', () => {
  it('comes from the file name, and an unknown one is a clear error', async () => {
    expect(formatFromName('Data.CSV')).toBe('csv')
    expect(formatFromName('x.json')).toBe('json')
    expect((await errorOf(loadDataFile('a', { name: 'notes.txt' }))).message).toBe('notes.txt: unknown file type: the name must end in .csv or .json')
  })
})
