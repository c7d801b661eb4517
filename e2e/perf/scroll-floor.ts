// The pinned scroll's baseline: a virtualised grid written by hand, with no framework, scrolled the
// same way in the same browser (ui-bench.ts `live`). 32,000 rows of 34 px by 50 columns, 3 of them
// pinned (sticky), only the rows and columns in view drawn (3 rows and 1 column either side), each
// drawn row an element reused for whichever record scrolls in: on each scroll event every drawn cell
// gets its new record's text (textContent) and each row its place (a transform). That is about the
// least a DOM grid can do per frame; what it costs is the browser's own style, layout and paint.
// What the app's grid costs beyond it is what its own code (React, its cells) adds.

const ROWS = 32_000
const COLUMNS = 50
const PINNED = 3
const ROW_PX = 34
const COLUMN_PX = 150
const ROW_OVERSCAN = 3
const COLUMN_OVERSCAN = 1

const STYLE = `
body { margin: 0; font: 14px system-ui, sans-serif; }
.grid-scroll { overflow: auto; max-height: 640px; width: 1240px; border-top: 1px solid #ccc; }
.grid { display: grid; font-size: 0.86rem; font-variant-numeric: tabular-nums; }
.body { position: relative; }
.row { display: flex; position: absolute; left: 0; top: 0; height: ${ROW_PX}px; border-bottom: 1px solid #ddd; background: #fff; }
.row.alt { background: #f6f7f9; }
.cell { display: block; flex: none; width: ${COLUMN_PX}px; box-sizing: border-box; padding: 0 10px; line-height: ${ROW_PX - 1}px; overflow: hidden; white-space: nowrap; text-overflow: ellipsis; }
.cell.pinned { position: sticky; z-index: 1; background: inherit; }
.cell.numeric { text-align: right; }
`

/** Runs in the page: draws the rows and columns in view for the scroller's offsets, on each scroll event. */
const SCRIPT = `
const ROWS = ${ROWS}, COLUMNS = ${COLUMNS}, PINNED = ${PINNED}, ROW_PX = ${ROW_PX}, COLUMN_PX = ${COLUMN_PX}
const scroller = document.querySelector('.grid-scroll')
const body = document.querySelector('.body')
body.style.height = ROWS * ROW_PX + 'px'
body.style.width = COLUMNS * COLUMN_PX + 'px'
const text = (row, column) => column % 4 === 1 ? String((row * 7919 + column * 104729) % 1000000) : 'value ' + row + ' in field ' + column
const drawnRows = Math.ceil(scroller.clientHeight / ROW_PX) + 2 * ${ROW_OVERSCAN} + 1
const drawnColumns = Math.ceil((scroller.clientWidth - PINNED * COLUMN_PX) / COLUMN_PX) + 2 * ${COLUMN_OVERSCAN} + 1
const rows = []
for (let i = 0; i < drawnRows; i++) {
  const element = document.createElement('div')
  element.className = 'row'
  element.style.width = COLUMNS * COLUMN_PX + 'px'
  const cells = []
  for (let c = 0; c < PINNED + drawnColumns; c++) {
    const cell = document.createElement('div')
    cell.className = c < PINNED ? 'cell pinned' : 'cell'
    if (c < PINNED) cell.style.left = c * COLUMN_PX + 'px'
    element.append(cell)
    cells.push(cell)
  }
  body.append(element)
  rows.push({ element, cells, record: -1 })
}
function draw() {
  const firstRow = Math.max(0, Math.floor(scroller.scrollTop / ROW_PX) - ${ROW_OVERSCAN})
  const firstColumn = Math.max(PINNED, PINNED + Math.floor(scroller.scrollLeft / COLUMN_PX) - ${COLUMN_OVERSCAN})
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]
    const record = firstRow + i
    if (record >= ROWS) { row.element.style.display = 'none'; continue }
    row.element.style.display = ''
    row.element.style.transform = 'translateY(' + record * ROW_PX + 'px)'
    row.element.classList.toggle('alt', record % 2 === 1)
    for (let c = 0; c < row.cells.length; c++) {
      const cell = row.cells[c]
      const column = c < PINNED ? c : firstColumn + c - PINNED
      if (c === PINNED) cell.style.marginLeft = (firstColumn - PINNED) * COLUMN_PX + 'px'
      cell.classList.toggle('numeric', column % 4 === 1)
      cell.textContent = column < COLUMNS ? text(record, column) : ''
    }
  }
}
scroller.addEventListener('scroll', draw, { passive: true })
draw()
`

/** The baseline page, for `page.setContent`: its scroller is `.grid-scroll`, like the app's grid. */
export const SCROLL_FLOOR_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Scroll baseline</title><style>${STYLE}</style></head>
<body><div class="grid-scroll"><div class="grid"><div class="body"></div></div></div><script>${SCRIPT}</script></body></html>`
