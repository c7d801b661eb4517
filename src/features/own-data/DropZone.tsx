import { useEffect, useState } from 'react'

interface DropZoneProps {
  onFile: (file: File) => void
  /** While a file is being read, another drop is refused (the file input is disabled too). */
  busy: boolean
}

function carriesFiles(event: DragEvent): boolean {
  return event.dataTransfer?.types.includes('Files') ?? false
}

/**
 * Dropping a file anywhere on the page adds it, as the `Add a data file` input does (which stays the
 * way in for keyboard users). While a file is dragged over the page, a full-page zone says so.
 */
export function DropZone({ onFile, busy }: DropZoneProps) {
  const [dragging, setDragging] = useState(false)
  useEffect(() => {
    // dragenter/dragleave fire for every element crossed: count them to know when the drag left the page.
    let depth = 0
    const enter = (event: DragEvent) => {
      if (!carriesFiles(event)) return
      event.preventDefault()
      depth++
      setDragging(true)
    }
    const over = (event: DragEvent) => {
      if (!carriesFiles(event)) return
      // Without this the browser would open the file instead of dropping it here.
      event.preventDefault()
      if (event.dataTransfer) event.dataTransfer.dropEffect = busy ? 'none' : 'copy'
    }
    const leave = (event: DragEvent) => {
      if (!carriesFiles(event)) return
      depth = Math.max(0, depth - 1)
      if (depth === 0) setDragging(false)
    }
    const drop = (event: DragEvent) => {
      if (!carriesFiles(event)) return
      event.preventDefault()
      depth = 0
      setDragging(false)
      const file = event.dataTransfer?.files[0]
      if (file && !busy) onFile(file)
    }
    window.addEventListener('dragenter', enter)
    window.addEventListener('dragover', over)
    window.addEventListener('dragleave', leave)
    window.addEventListener('drop', drop)
    return () => {
      window.removeEventListener('dragenter', enter)
      window.removeEventListener('dragover', over)
      window.removeEventListener('dragleave', leave)
      window.removeEventListener('drop', drop)
    }
  }, [onFile, busy])

  if (!dragging) return null
  return (
    <div className="drop-zone" aria-hidden="true">
      <p>{busy ? 'A file is still being read; drop this one when it is done.' : 'Drop a CSV or JSON file to add it to the demo'}</p>
    </div>
  )
}
