import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import { EXPORT_FORMATS, type ExportFormat } from './formats.ts'

interface ExportMenuProps {
  disabled: boolean
  onChoose: (format: ExportFormat) => void
}

/** The `Export` menu button (ARIA menu button pattern): arrows move, Esc closes, focus returns. */
export function ExportMenu({ disabled, onChoose }: ExportMenuProps) {
  const id = useId()
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(0)
  const button = useRef<HTMLButtonElement>(null)
  const items = useRef<(HTMLButtonElement | null)[]>([])

  useEffect(() => {
    if (open) items.current[active]?.focus()
  }, [open, active])

  useEffect(() => {
    if (!open) return
    const closeOutside = (event: PointerEvent) => {
      if (!(event.target instanceof Node) || !button.current?.parentElement?.contains(event.target)) setOpen(false)
    }
    document.addEventListener('pointerdown', closeOutside)
    return () => document.removeEventListener('pointerdown', closeOutside)
  }, [open])

  const close = () => {
    setOpen(false)
    button.current?.focus()
  }
  const choose = (format: ExportFormat) => {
    close()
    onChoose(format)
  }
  const openAt = (index: number) => {
    setActive(index)
    setOpen(true)
  }

  const onMenuKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = EXPORT_FORMATS.length - 1
    const moves: Record<string, number> = { ArrowDown: active === last ? 0 : active + 1, ArrowUp: active === 0 ? last : active - 1, Home: 0, End: last }
    if (event.key in moves) {
      event.preventDefault()
      setActive(moves[event.key])
    } else if (event.key === 'Escape') {
      // Handled here: the page's Esc (cancel a running query) must not fire too.
      event.preventDefault()
      close()
    } else if (event.key === 'Tab') {
      setOpen(false)
    }
  }
  const onButtonKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      openAt(event.key === 'ArrowDown' ? 0 : EXPORT_FORMATS.length - 1)
    }
  }

  return (
    <div className="export-menu">
      <button
        ref={button}
        type="button"
        className="button-secondary"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? `${id}-menu` : undefined}
        disabled={disabled}
        onClick={() => (open ? setOpen(false) : openAt(0))}
        onKeyDown={onButtonKey}
      >
        Export
      </button>
      {open ? (
        <div id={`${id}-menu`} role="menu" aria-label="Export" className="export-menu-list" tabIndex={-1} onKeyDown={onMenuKey}>
          {EXPORT_FORMATS.map(({ format, label }, index) => (
            <button
              key={format}
              ref={(element) => {
                items.current[index] = element
              }}
              type="button"
              role="menuitem"
              tabIndex={index === active ? 0 : -1}
              onClick={() => choose(format)}
            >
              {label}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  )
}
