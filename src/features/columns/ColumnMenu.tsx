import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react'
// oxlint-disable-next-line import/no-unassigned-import -- the stylesheet is imported for its effect
import './columns.css'

export type ColumnAction = 'sort-asc' | 'sort-desc' | 'pin' | 'unpin' | 'hide' | 'filter' | 'summary' | 'copy'

export interface ColumnMenuItem {
  action: ColumnAction
  label: string
}

/** Every item a column menu can hold, in menu order. A new item: add its action, its entry here, and handle it where the menu is used. */
export const COLUMN_MENU_ITEMS: readonly ColumnMenuItem[] = [
  { action: 'sort-asc', label: 'Sort ascending' },
  { action: 'sort-desc', label: 'Sort descending' },
  { action: 'pin', label: 'Pin column' },
  { action: 'unpin', label: 'Unpin column' },
  { action: 'hide', label: 'Hide column' },
  { action: 'filter', label: 'Filter by a value…' },
  { action: 'summary', label: 'Summary' },
  { action: 'copy', label: 'Copy column' },
]

/** The items offered: all but those whose action is marked `false` (e.g. hiding the only shown column). */
export function columnMenuItems(offered: Partial<Record<ColumnAction, boolean>>): ColumnMenuItem[] {
  return COLUMN_MENU_ITEMS.filter((item) => offered[item.action] !== false)
}

interface ColumnMenuProps {
  field: string
  items: readonly ColumnMenuItem[]
  onAction: (action: ColumnAction) => void
}

/** A column header's menu button (ARIA menu button pattern): arrows move, Enter picks, Esc closes. */
export function ColumnMenu({ field, items, onAction }: ColumnMenuProps) {
  const [open, setOpen] = useState(false)
  const [position, setPosition] = useState<{ top: number; left: number } | null>(null)
  const menuId = useId()
  const buttonRef = useRef<HTMLButtonElement>(null)
  const menuRef = useRef<HTMLUListElement>(null)

  // The grid scrolls and clips: the menu is placed against the window, under its button.
  useLayoutEffect(() => {
    if (!open) return
    const rect = buttonRef.current?.getBoundingClientRect()
    if (rect) setPosition({ top: rect.bottom + 2, left: Math.max(4, Math.min(rect.right - 200, window.innerWidth - 204)) })
  }, [open])
  useEffect(() => {
    if (open && position) menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus()
  }, [open, position])
  useEffect(() => {
    if (!open) return
    const onPointer = (event: PointerEvent) => {
      if (!menuRef.current?.contains(event.target as Node) && !buttonRef.current?.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('pointerdown', onPointer)
    return () => document.removeEventListener('pointerdown', onPointer)
  }, [open])

  const close = () => {
    setOpen(false)
    buttonRef.current?.focus()
  }
  const pick = (action: ColumnAction) => {
    close()
    onAction(action)
  }
  const onMenuKey = (event: KeyboardEvent<HTMLUListElement>) => {
    const menuItems = [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])]
    const at = menuItems.indexOf(document.activeElement as HTMLElement)
    const focusAt = (index: number) => menuItems[(index + menuItems.length) % menuItems.length]?.focus()
    if (event.key === 'ArrowDown') focusAt(at + 1)
    else if (event.key === 'ArrowUp') focusAt(at - 1)
    else if (event.key === 'Home') focusAt(0)
    else if (event.key === 'End') focusAt(menuItems.length - 1)
    else if (event.key === 'Escape') close()
    else if (event.key === 'Tab') setOpen(false)
    else return
    if (event.key !== 'Tab') {
      event.preventDefault()
      event.stopPropagation()
    }
  }

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className="column-menu-button"
        aria-label={`Column menu ${field}`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close() : setOpen(true))}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault()
            setOpen(true)
          }
        }}
      />
      {open ? (
        <ul
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label={`Column ${field}`}
          className="column-menu"
          style={position ? { top: position.top, left: position.left } : { visibility: 'hidden' }}
          onKeyDown={onMenuKey}
        >
          {items.map((item) => (
            <li key={item.action} role="none">
              <button type="button" role="menuitem" tabIndex={-1} onClick={() => pick(item.action)}>
                {item.label}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  )
}
