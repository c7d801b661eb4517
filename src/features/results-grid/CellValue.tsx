import type { CellDisplay } from './cell-format.ts'

interface CellValueProps {
  display: CellDisplay
  /** Asks to show the complete value of a shortened cell. */
  onShowFull?: (full: string) => void
}

/**
 * One cell's content. Values are always React text; only checked http(s) addresses become links.
 * Plain text and numbers with nothing more to say are the cell's own text, in no element: one
 * element less per cell to style, lay out and paint as the grid scrolls.
 */
export function CellValue({ display, onShowFull }: CellValueProps) {
  const title = display.truncated || display.kind === 'date' || (display.kind === 'number' && display.text !== display.full) ? display.full : undefined
  if (title === undefined && (display.kind === 'text' || display.kind === 'number')) return display.text
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
  // The button keeps its place at the end of the line; the text before it is cut with an ellipsis.
  return (
    <span className="cell-line">
      {content}
      <button type="button" className="cell-more" aria-label="Show full value" onClick={() => onShowFull(display.full)}>
        …
      </button>
    </span>
  )
}
