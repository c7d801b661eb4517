import { useEffect, useRef, useState } from 'react'

interface DropZoneProps {
  onFile?: (file: File) => void
  /** Set when a drop cannot be taken now (a file is still being read, or live mode): said, and the drop ignored. */
  refusal?: string
}

function carriesFiles(event: DragEvent): boolean {
  return event.dataTransfer?.types.includes('Files') ?? false
}

/**
 * Dropping a file anywhere on the page adds it, as the `Add a data file` input does (which stays the
 * way in for keyboard users). While a file is dragged over the page, a full-page zone says so. A
 * refused drop is still caught, so the browser never navigates away to the file (losing the query).
 */
export function DropZone({ onFile, refusal }: DropZoneProps) {
  const [dragging, setDragging] = useState(false)
  const latest = useRef({ onFile, refusal })
  useEffect(() => {
    latest.current = { onFile, refusal }
  })
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
      event.preventDefault()
      if (event.dataTransfer) event.dataTransfer.dropEffect = latest.current.refusal ? 'none' : 'copy'
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
      const { onFile: take, refusal: refused } = latest.current
      if (file && take && !refused) take(file)
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
  }, [])

  if (!dragging) return null
  return (
    <div className={refusal ? 'drop-zone drop-zone-refused' : 'drop-zone'} aria-hidden="true">
      <p>{refusal ?? 'Drop a CSV or JSON file to add it to the demo'}</p>
    </div>
  )
}
