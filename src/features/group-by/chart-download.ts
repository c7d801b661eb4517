// Saving the chart: its SVG with the colours the page's theme gave it written in, the same drawn on
// a canvas as PNG, and the groups as CSV.

const PAINTED = ['fill', 'stroke', 'color', 'font-family', 'font-size'] as const

/** The chart's SVG as a standalone file: computed colours and fonts inlined, a background behind it. */
export function standaloneSvg(svg: SVGSVGElement, background: string): string {
  const copy = svg.cloneNode(true) as SVGSVGElement
  const originals = [svg, ...svg.querySelectorAll('*')]
  const copies = [copy, ...copy.querySelectorAll('*')]
  originals.forEach((element, i) => {
    const style = getComputedStyle(element)
    const target = copies[i] as SVGElement | undefined
    if (!target) return
    for (const property of PAINTED) {
      const value = style.getPropertyValue(property)
      if (value) target.style.setProperty(property, value)
    }
  })
  copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg')
  const { width, height } = svg.getBoundingClientRect()
  copy.setAttribute('width', String(Math.round(width)))
  copy.setAttribute('height', String(Math.round(height)))
  copy.style.setProperty('background', background)
  return new XMLSerializer().serializeToString(copy)
}

export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = name
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

/** The SVG drawn at twice its size on a canvas of the background colour. */
export async function pngOf(svgText: string, width: number, height: number, background: string): Promise<Blob> {
  const image = new Image()
  const url = URL.createObjectURL(new Blob([svgText], { type: 'image/svg+xml' }))
  try {
    image.src = url
    await image.decode()
    const canvas = document.createElement('canvas')
    canvas.width = Math.round(width * 2)
    canvas.height = Math.round(height * 2)
    const context = canvas.getContext('2d')
    if (!context) throw new Error('This browser cannot draw on a canvas.')
    context.fillStyle = background
    context.fillRect(0, 0, canvas.width, canvas.height)
    context.drawImage(image, 0, 0, canvas.width, canvas.height)
    return await new Promise<Blob>((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The PNG could not be made.'))), 'image/png'))
  } finally {
    URL.revokeObjectURL(url)
  }
}
