import type { CellDisplay } from './cell-format.ts'

interface CellValueProps {
  display: CellDisplay
  /** Asks to show the complete value of a shortened cell. */
  onShowFull?: (full: string) => void
}

/** One cell's content. Values are always React text; only checked http(s) addresses become links. */
export function CellValue({ display, onShowFull }: CellValueProps) {
  const title = display.truncated || display.kind === 'date' || (display.kind === 'number' && display.text !== display.full) ? display.full : undefined
  const content =
    display.kind === 'link' && display.href !== undefined ? (
      <a href={display.href} target="_blank" rel="noopener noreferrer" title={title}>
        {display.text}
      </a>
    ) : (
      <span className={`cell-${display.kind}`} title={title}>
        {display.text}
      </span>
    )
  if (!display.truncated || onShowFull === undefined) return content
  return (
    <>
      {content}
      <button type="button" className="cell-more" aria-label="Show full value" onClick={() => onShowFull(display.full)}>
        …
      </button>
    </>
  )
}
