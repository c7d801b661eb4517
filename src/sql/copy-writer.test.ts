import { describe, expect, it } from 'vitest'
import { CopyTextWriter } from './copy-writer.ts'
import { copyText } from './load.ts'

const bytesOf = (text: string) => new TextEncoder().encode(text)
const textOf = (bytes: Uint8Array) => new TextDecoder().decode(bytes)

describe('CopyTextWriter', () => {
  it('writes the same COPY text as copyText: _id, escapes, empty cells, listed values, UTF-8', () => {
    const writer = new CopyTextWriter([undefined, ['low', 'a\tb'], undefined])
    writer.startRecord(1)
    writer.write(bytesOf('back\\slash\ttab\nline\rreturn'))
    writer.end()
    writer.value(1)
    writer.digits(42, 5)
    writer.end()
    writer.endRecord()
    writer.startRecord(1234567)
    writer.ascii('café')
    writer.byte(0x09)
    writer.end()
    writer.nul()
    writer.digits(0)
    writer.end()
    writer.endRecord()
    expect(textOf(writer.take())).toBe(
      copyText([
        ['1', 'back\\slash\ttab\nline\rreturn', 'a\tb', '00042'],
        ['1234567', 'café\t', null, '0'],
      ]),
    )
  })

  it('starts again after take, growing its buffer as needed', () => {
    const writer = new CopyTextWriter([undefined], 4)
    for (let id = 1; id <= 3; id++) {
      writer.startRecord(id)
      writer.ascii('x'.repeat(10))
      writer.end()
      writer.endRecord()
    }
    expect(textOf(writer.take())).toBe(`1\t${'x'.repeat(10)}\n2\t${'x'.repeat(10)}\n3\t${'x'.repeat(10)}\n`)
    writer.startRecord(4)
    writer.nul()
    writer.endRecord()
    expect(textOf(writer.take())).toBe('4\t\\N\n')
  })

  it('refuses a record with a field missing, a value not in its list, and a take in mid-record', () => {
    const writer = new CopyTextWriter([['a'], undefined])
    writer.startRecord(1)
    expect(() => writer.value(1)).toThrow(RangeError)
    writer.value(0)
    expect(() => writer.endRecord()).toThrow('A record needs 2 fields, got 1')
    expect(() => writer.take()).toThrow('take() in the middle of a record')
  })
})
