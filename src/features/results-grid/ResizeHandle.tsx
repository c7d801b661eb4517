import { useRef, type KeyboardEvent, type PointerEvent } from 'react'
import { COLUMN_WIDTH_PX } from '../../query/url-codec.ts'

interface ResizeHandleProps {
  field: string
  width: number
  /** The width while it changes (drag, keys held): drawn at once, not yet kept. */
  onLive: (width: number) => void
  /** The width the user settled on: kept in the view (the link). */
  onCommit: (width: number) => void
  /** Double-click: the width that fits the content. */
  onFit: () => void
}

const KEY_STEP_PX = 10
const SHIFT_KEY_STEP_PX = 50

const clamp = (width: number) => Math.round(Math.max(COLUMN_WIDTH_PX.min, Math.min(COLUMN_WIDTH_PX.max, width)))

/** The `Resize <field>` separator at a header's end edge: drag it, use arrow keys, or double-click to fit. */
export function ResizeHandle({ field, width, onLive, onCommit, onFit }: ResizeHandleProps) {
  const drag = useRef<{ x: number; width: number; last: number } | null>(null)
  const pending = useRef<number | null>(null)
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return
    event.preventDefault()
    event.stopPropagation()
    event.currentTarget.setPointerCapture(event.pointerId)
    drag.current = { x: event.clientX, width, last: width }
  }
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const start = drag.current
    if (start === null) return
    const next = clamp(start.width + event.clientX - start.x)
    if (next === start.last) return
    start.last = next
    onLive(next)
  }
  const onPointerUp = () => {
    const start = drag.current
    drag.current = null
    if (start !== null && start.last !== start.width) onCommit(start.last)
  }
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const direction = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0
    if (direction === 0) return
    event.preventDefault()
    event.stopPropagation()
    const next = clamp((pending.current ?? width) + direction * (event.shiftKey ? SHIFT_KEY_STEP_PX : KEY_STEP_PX))
    pending.current = next
    onLive(next)
  }
  // One change in the link per key press (or per key held down), not one per repeat.
  const settle = () => {
    if (pending.current === null) return
    const next = pending.current
    pending.current = null
    onCommit(next)
  }
  return (
    <div
      // A focusable separator is a widget (the ARIA splitter pattern); linters treat an <hr> as never being one.
      // oxlint-disable-next-line jsx-a11y/prefer-tag-over-role
      role="separator"
      aria-orientation="vertical"
      aria-label={`Resize ${field}`}
      aria-valuenow={width}
      aria-valuemin={COLUMN_WIDTH_PX.min}
      aria-valuemax={COLUMN_WIDTH_PX.max}
      tabIndex={0}
      className="col-resize"
      title="Drag, or use the arrow keys (Shift: larger steps); double-click to fit"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onKeyDown={onKeyDown}
      onKeyUp={settle}
      onBlur={settle}
      onDoubleClick={onFit}
    />
  )
}
