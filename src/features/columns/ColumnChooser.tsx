import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react'
import type { FieldLabel } from '../../api/resource-metadata.ts'
import { columnEntries, moveColumn, toggleColumn } from './column-order.ts'
// oxlint-disable-next-line import/no-unassigned-import -- the stylesheet is imported for its effect
import './columns.css'

interface ColumnChooserProps {
  /** Every field of the resource, in table order (also those the current answer leaves out). */
  allFields: readonly string[]
  /** The shown fields in order; `undefined` = all, in table order. */
  chosen: readonly string[] | undefined
  onChange: (fields: string[] | undefined) => void
  /** The data dictionary's labels, shown beside the ids. */
  labels?: ReadonlyMap<string, FieldLabel>
}

/** The `Columns` button and its panel: show, hide and reorder columns, each change applied at once. */
export function ColumnChooser({ allFields, chosen, onChange, labels }: ColumnChooserProps) {
  const [open, setOpen] = useState(false)
  const panelId = useId()
  const toggleRef = useRef<HTMLButtonElement>(null)
  const panelRef = useRef<HTMLFieldSetElement>(null)
  // Reordering moves DOM nodes, which drops focus: the control that was used gets it back.
  const refocus = useRef<string | null>(null)
  // Listed only while the panel is open: the form re-renders this on every key typed, and an answer
  // may have 10,000 fields.
  const entries = useMemo(() => (open ? columnEntries(allFields, chosen) : []), [open, allFields, chosen])
  const shownCount = useMemo(() => entries.filter((entry) => entry.visible).length, [entries])

  useEffect(() => {
    const label = refocus.current
    if (label === null) return
    refocus.current = null
    const target = [...(panelRef.current?.querySelectorAll<HTMLElement>('button, input') ?? [])].find((element) => element.getAttribute('aria-label') === label)
    target?.focus()
  })

  const close = () => {
    setOpen(false)
    toggleRef.current?.focus()
  }
  useEffect(() => {
    if (!open) return
    panelRef.current?.querySelector<HTMLElement>('input')?.focus()
    // Esc closes the panel (and, handled here, does not also cancel a running query).
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !panelRef.current?.contains(document.activeElement)) return
      event.preventDefault()
      setOpen(false)
      toggleRef.current?.focus()
    }
    // A click elsewhere closes it too (focus stays where the user clicked).
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node
      if (!panelRef.current?.contains(target) && !toggleRef.current?.contains(target)) setOpen(false)
    }
    document.addEventListener('keydown', onKey)
    document.addEventListener('pointerdown', onPointer)
    return () => {
      document.removeEventListener('keydown', onKey)
      document.removeEventListener('pointerdown', onPointer)
    }
  }, [open])
  // The panel opens under the button; near the right edge (or on a phone) it is moved left so that
  // all of it, `Done` included, stays inside the viewport.
  const [shift, setShift] = useState(0)
  useLayoutEffect(() => {
    const panel = panelRef.current
    if (!open || panel === null) return
    // Measured where it opens by itself, once per opening.
    panel.style.left = ''
    const margin = 8
    const viewport = document.documentElement.clientWidth
    const { left, right, width } = panel.getBoundingClientRect()
    if (viewport <= 0 || width <= 0) return setShift(0)
    let next = 0
    if (right > viewport - margin) next = viewport - margin - right
    if (left + next < margin) next = margin - left
    // Written here too: an unchanged state would not render the cleared style again.
    panel.style.left = next === 0 ? '' : `${next}px`
    setShift(next)
  }, [open])
  const move = (field: string, step: -1 | 1, label: string) => {
    refocus.current = label
    onChange(moveColumn(allFields, chosen, field, step))
  }

  return (
    <div className="column-chooser">
      <button ref={toggleRef} type="button" className="button-secondary" aria-expanded={open} aria-controls={panelId} onClick={() => (open ? close() : setOpen(true))}>
        Columns
      </button>
      {open ? (
        <fieldset ref={panelRef} id={panelId} className="column-panel" style={shift === 0 ? undefined : { left: shift }}>
          <legend className="column-legend">Shown columns, in order</legend>
          <ul className="column-list">
            {entries.map((entry, index) => {
              const up = `Move ${entry.field} earlier`
              const down = `Move ${entry.field} later`
              const lastShown = entry.visible && shownCount === 1
              return (
                <li key={entry.field} className={entry.visible ? 'column-row' : 'column-row column-hidden'}>
                  <label className="column-name">
                    <input
                      type="checkbox"
                      aria-label={entry.field}
                      checked={entry.visible}
                      aria-disabled={lastShown}
                      title={lastShown ? 'At least one column stays shown' : undefined}
                      onChange={() => {
                        refocus.current = entry.field
                        onChange(toggleColumn(allFields, chosen, entry.field))
                      }}
                    />
                    <span title={labels?.get(entry.field)?.notes}>{entry.field}</span>
                    {labels?.get(entry.field)?.label ? <span className="column-label">{labels.get(entry.field)?.label}</span> : null}
                  </label>
                  {entry.visible ? (
                    <span className="column-moves">
                      <button type="button" className="column-move" aria-label={up} aria-disabled={index === 0} onClick={() => move(entry.field, -1, up)}>
                        ↑
                      </button>
                      <button type="button" className="column-move" aria-label={down} aria-disabled={index === shownCount - 1} onClick={() => move(entry.field, 1, down)}>
                        ↓
                      </button>
                    </span>
                  ) : null}
                </li>
              )
            })}
          </ul>
          <div className="column-actions">
            <button type="button" className="button-secondary" onClick={() => onChange(undefined)}>
              Show all
            </button>
            <button type="button" className="button-secondary" onClick={close}>
              Done
            </button>
          </div>
        </fieldset>
      ) : null}
    </div>
  )
}
