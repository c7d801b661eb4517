// Turns a data file's bytes into UTF-8 text chunks, strictly: invalid UTF-8 is an error, not U+FFFD.

export type TextSource = string | Blob | ReadableStream<Uint8Array>

/** Invalid UTF-8. `textBefore` is the text of the failing chunk up to the bad bytes (to find the line). */
export class InvalidUtf8Error extends Error {
  readonly textBefore: string
  constructor(textBefore: string) {
    super('invalid UTF-8')
    this.name = 'InvalidUtf8Error'
    this.textBefore = textBefore
  }
}

const STRING_CHUNK = 1 << 20
const BYTE_CHUNK = 1 << 20

/** Bytes of the source, or characters for a string source; undefined for a bare stream. */
export function sourceSize(source: TextSource): number | undefined {
  if (typeof source === 'string') return source.length
  if (source instanceof Blob) return source.size
  return undefined
}

/**
 * Yields the text in chunks. `onRead` is told how many bytes (or characters) have been consumed.
 * A leading byte order mark is removed.
 */
export async function* readText(source: TextSource, onRead?: (consumed: number) => void): AsyncGenerator<string> {
  if (typeof source === 'string') {
    const text = source.charCodeAt(0) === 0xfeff ? source.slice(1) : source
    for (let at = 0; at < text.length; at += STRING_CHUNK) {
      yield text.slice(at, at + STRING_CHUNK)
      onRead?.(Math.min(text.length, at + STRING_CHUNK))
    }
    return
  }
  const stream = source instanceof Blob ? source.stream() : source
  const reader = stream.getReader()
  const decoder = new TextDecoder('utf-8', { fatal: true })
  let consumed = 0
  let previousEndedMidCharacter = false
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      // Some sources hand over everything as one chunk; slicing keeps parse steps and progress small.
      for (let at = 0; at < value.byteLength; at += BYTE_CHUNK) {
        const piece = value.subarray(at, at + BYTE_CHUNK)
        let text: string
        try {
          text = decoder.decode(piece, { stream: true })
        } catch {
          throw new InvalidUtf8Error(validPrefix(piece, previousEndedMidCharacter))
        }
        previousEndedMidCharacter = endsMidCharacter(piece)
        consumed += piece.byteLength
        if (text !== '') yield text
        onRead?.(consumed)
      }
    }
    let rest: string
    try {
      rest = decoder.decode()
    } catch {
      throw new InvalidUtf8Error('')
    }
    if (rest !== '') yield rest
  } finally {
    reader.releaseLock()
  }
}

/** The text of `bytes` before its first invalid sequence (skipping the tail of a split character). */
function validPrefix(bytes: Uint8Array, startsMidCharacter: boolean): string {
  let start = 0
  if (startsMidCharacter) while (start < 3 && start < bytes.length && (bytes[start] & 0xc0) === 0x80) start++
  const text = new TextDecoder('utf-8').decode(bytes.subarray(start))
  const bad = text.indexOf('\ufffd')
  return bad === -1 ? text : text.slice(0, bad)
}

function endsMidCharacter(bytes: Uint8Array): boolean {
  for (let back = 1; back <= 3 && back <= bytes.length; back++) {
    const byte = bytes[bytes.length - back]
    if ((byte & 0xc0) === 0x80) continue
    const needed = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1
    return needed > back
  }
  return false
}
