// Text from a server or a link that names where data goes (a host, a resource's name or id, a recent
// query) is shown as it is, except what would hide or rearrange it: control characters are drawn as
// visible marks, and the invisible direction controls are named, so a right-to-left override in a
// resource name can neither reverse the host beside it nor pass unseen. Each is written as its short
// name between single guillemets: ‹ESC›, ‹RLO›, ‹U+0085›. Pure.

/** The direction controls by their Unicode short names (they have no visible form of their own). */
const DIRECTION_CONTROLS: Readonly<Record<string, string>> = {
  '\u061C': 'ALM',
  '\u200E': 'LRM',
  '\u200F': 'RLM',
  '\u202A': 'LRE',
  '\u202B': 'RLE',
  '\u202C': 'PDF',
  '\u202D': 'LRO',
  '\u202E': 'RLO',
  '\u2066': 'LRI',
  '\u2067': 'RLI',
  '\u2068': 'FSI',
  '\u2069': 'PDI',
}

// C0 and DEL, C1, the direction controls, the line and paragraph separators, and the BOM.
// oxlint-disable-next-line no-control-regex -- finding control characters is the point
export const HIDDEN = /[\u0000-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069\u2028\u2029\uFEFF]/g

/** C0 controls by their ASCII names (their control pictures, ␀ … ␟, are missing from many fonts). */
const C0_NAMES = 'NUL SOH STX ETX EOT ENQ ACK BEL BS HT LF VT FF CR SO SI DLE DC1 DC2 DC3 DC4 NAK SYN ETB CAN EM SUB ESC FS GS RS US'.split(' ')

function mark(char: string): string {
  const code = char.codePointAt(0) ?? 0
  const name = C0_NAMES[code] ?? (code === 0x7f ? 'DEL' : DIRECTION_CONTROLS[char]) ?? `U+${code.toString(16).toUpperCase().padStart(4, '0')}`
  return `\u2039${name}\u203A`
}

/**
 * The text with every control character shown: ‹LF› for a line feed, ‹RLO› for a right-to-left override.
 * `keepLines`: line feeds and tabs stay as they are (text laid out in lines, e.g. a JSON body).
 */
export function visibleText(text: string, options: { keepLines?: boolean } = {}): string {
  return text.replace(HIDDEN, (char) => (options.keepLines && (char === '\n' || char === '\t') ? char : mark(char)))
}
