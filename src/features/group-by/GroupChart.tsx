import { useEffect, useId, useRef, useState } from 'react'
import type { GroupAnswer } from '../../api/group-by/group-options.ts'
import type { Grouping } from '../../query/grouping.ts'
import { chartNote, renderChart, type KeyKind } from './chart-marks.ts'
import { pngOf, saveBlob, standaloneSvg } from './chart-download.ts'
import { chartText, groupsCsv } from './group-text.ts'

export interface GroupChartProps {
  answer: GroupAnswer
  grouping: Grouping
  /** `Chart of <measure> by <field>`. */
  name: string
  /** The `Groups` table: the chart's text alternative (its details). */
  details: string
  scatter: boolean
  keyKind: KeyKind
}

function fileName(grouping: Grouping, extension: string): string {
  const words = [grouping.measure, grouping.measureField, 'by', ...grouping.keys.flatMap((key) => [key.field, key.unit])].filter(Boolean).join('-')
  return `${words.replace(/[^\p{L}\p{N}._-]+/gu, '_').slice(0, 80)}.${extension}`
}

/** The chart (Observable Plot, drawn at the panel's width) as an image named by `name`, with its downloads. */
export function GroupChart({ answer, grouping, name, details, scatter, keyKind }: GroupChartProps) {
  const describedBy = useId()
  const frame = useRef<HTMLDivElement>(null)
  const [width, setWidth] = useState(0)
  const [problem, setProblem] = useState<string>()

  useEffect(() => {
    const element = frame.current
    if (!element) return
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry?.contentRect.width ?? 0)))
    observer.observe(element)
    return () => observer.disconnect()
  }, [])

  useEffect(() => {
    const element = frame.current
    if (!element || width === 0) return
    const chart = renderChart({ answer, grouping, keyKind, scatter, width })
    // inside the image everything is presentation: Plot's labels of its parts would be stray ARIA
    for (const part of [chart, ...chart.querySelectorAll('[aria-label], [aria-description]')]) {
      part.removeAttribute('aria-label')
      part.removeAttribute('aria-description')
    }
    element.replaceChildren(chart)
    return () => chart.remove()
  }, [answer, grouping, keyKind, scatter, width])

  const svg = () => frame.current?.querySelector<SVGSVGElement>('svg.plot, svg') ?? null
  const background = () => (frame.current ? getComputedStyle(frame.current).getPropertyValue('--surface').trim() || '#ffffff' : '#ffffff')
  const downloadSvg = () => {
    const element = svg()
    if (element) saveBlob(new Blob([standaloneSvg(element, background())], { type: 'image/svg+xml' }), fileName(grouping, 'svg'))
  }
  const downloadPng = async () => {
    const element = svg()
    if (!element) return
    const { width: w, height: h } = element.getBoundingClientRect()
    try {
      saveBlob(await pngOf(standaloneSvg(element, background()), w, h, background()), fileName(grouping, 'png'))
      setProblem(undefined)
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error))
    }
  }
  const downloadCsv = () => saveBlob(new Blob([groupsCsv(answer, grouping)], { type: 'text/csv;charset=utf-8' }), fileName(grouping, 'csv'))
  const note = chartNote({ answer, grouping, keyKind, scatter })

  return (
    <figure className="group-chart">
      {/* oxlint-disable-next-line jsx-a11y/prefer-tag-over-role -- the chart is an SVG drawn by Plot; the table is its text */}
      <div ref={frame} className="group-chart-frame" role="img" aria-label={name} aria-describedby={describedBy} aria-details={details} data-drawn={width > 0 ? 'true' : undefined} />
      <p id={describedBy} className="visually-hidden">
        {chartText(answer, grouping)}
      </p>
      {note ? <figcaption className="group-note">{note}</figcaption> : null}
      <div className="group-downloads">
        <button type="button" className="button-secondary button-small" onClick={downloadSvg}>
          Download SVG
        </button>
        <button type="button" className="button-secondary button-small" onClick={() => void downloadPng()}>
          Download PNG
        </button>
        <button type="button" className="button-secondary button-small" onClick={downloadCsv}>
          Download CSV
        </button>
      </div>
      {problem ? <p className="group-status">{problem}</p> : null}
    </figure>
  )
}
