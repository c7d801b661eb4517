// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { Profiler } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { App } from './App.tsx'

const records = [
  { _id: 1, subject: 'Biology', stage: 'active' },
  { _id: 2, subject: 'Art', stage: 'closed' },
]

function answer(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
}

const success = () =>
  answer({
    success: true,
    result: {
      fields: [{ id: '_id', type: 'int' }, { id: 'subject', type: 'text' }, { id: 'stage', type: 'text' }],
      records,
      total: 2,
      total_was_estimated: false,
      limit: 5,
      offset: 0,
    },
  })

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>
/** The searches sent (the explorer also asks resource_show and datastore_info once a resource answers). */
const searches = () => fetchMock.mock.calls.filter(([url]) => String(url).includes('/datastore_search'))

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>(async () => success())
  vi.stubGlobal('fetch', fetchMock)
  sessionStorage.clear()
})

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const LIVE = 'source=live&base=http://127.0.0.1:8800/data&resource=courses&limit=5'

function open(search: string) {
  window.history.replaceState(null, '', `/?${search}`)
  return render(<App />)
}

describe('Explorer and the page URL', () => {
  it('restores the form from a link and runs it', async () => {
    open(LIVE)
    expect((screen.getByLabelText('Resource ID') as HTMLInputElement).value).toBe('courses')
    expect((screen.getByLabelText('Limit') as HTMLInputElement).value).toBe('5')
    await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/Showing 2 of 2 records/))
    const [url] = searches()[0] ?? []
    expect(String(url)).toBe('http://127.0.0.1:8800/data/api/action/datastore_search')
  })

  it('says what a link carried that was ignored, and runs the rest as the form shows it', async () => {
    open(`${LIVE}&token=s3cret&bogus=1`)
    expect((screen.getByLabelText('Resource ID') as HTMLInputElement).value).toBe('courses')
    expect((screen.getByLabelText('API token') as HTMLInputElement).value).toBe('')
    expect(screen.getByText('token')).toBeTruthy()
    expect(screen.getByText('bogus')).toBeTruthy()
    expect(window.location.search).not.toMatch(/token|s3cret|bogus/)
    await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/Showing 2 of 2 records/))
    const init = searches()[0]?.[1]
    expect(new Headers(init?.headers).get('authorization')).toBeNull()
  })

  it('pushes a history entry per executed query and restores the form on back', async () => {
    open(LIVE)
    await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/Showing 2/))
    const before = window.history.length
    fireEvent.change(screen.getByLabelText('Search text'), { target: { value: 'bio' } })
    fireEvent.click(screen.getByRole('button', { name: 'Run query' }))
    await waitFor(() => expect(window.location.search).toContain('q=bio'))
    expect(window.history.length).toBe(before + 1)

    window.history.replaceState(null, '', `/?${LIVE}`)
    window.dispatchEvent(new PopStateEvent('popstate'))
    await waitFor(() => expect((screen.getByLabelText('Search text') as HTMLInputElement).value).toBe(''))
  })

  it('keeps the input and marks the field when the limit is not a number, sending nothing', async () => {
    open(LIVE)
    await waitFor(() => expect(searches()).toHaveLength(1))
    const limit = screen.getByLabelText('Limit')
    fireEvent.change(limit, { target: { value: 'abc' } })
    fireEvent.click(screen.getByRole('button', { name: 'Run query' }))
    expect(limit.getAttribute('aria-invalid')).toBe('true')
    expect((limit as HTMLInputElement).value).toBe('abc')
    expect(searches()).toHaveLength(1)
  })

  it('never puts the token in the URL or storage, and sends it as the raw Authorization header', async () => {
    open(LIVE)
    await waitFor(() => expect(searches()).toHaveLength(1))
    fireEvent.change(screen.getByLabelText('API token'), { target: { value: 's3cret' } })
    fireEvent.click(screen.getByRole('button', { name: 'Run query' }))
    await waitFor(() => expect(searches()).toHaveLength(2))
    const init = searches()[1]?.[1]
    expect(new Headers(init?.headers).get('authorization')).toBe('s3cret')
    expect(window.location.href).not.toContain('s3cret')
    // localStorage holds the recent queries (query links, which have no place for a token).
    expect(sessionStorage.length).toBe(0)
    expect(JSON.stringify({ ...localStorage })).not.toContain('s3cret')
  })
})

describe('cancelling a running query', () => {
  it('Esc aborts the request, says so, and keeps the form', async () => {
    let aborted = false
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => {
            aborted = true
            reject(new DOMException('aborted', 'AbortError'))
          })
        }),
    )
    open(LIVE)
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy())
    fireEvent.keyDown(window, { key: 'Escape' })
    await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/cancelled/i))
    expect(aborted).toBe(true)
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull()
    expect((screen.getByLabelText('Resource ID') as HTMLInputElement).value).toBe('courses')
  })
})

describe('the request panel and copied code', () => {
  it('shows the exact request with the token redacted, and copies curl without it unless revealed', async () => {
    const writeText = vi.fn<(text: string) => Promise<void>>(async () => {})
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } })
    open(LIVE)
    fireEvent.change(screen.getByLabelText('API token'), { target: { value: 's3cret' } })
    const panel = screen.getByRole('region', { name: 'Request' })
    expect(panel.textContent).toContain('POST http://127.0.0.1:8800/data/api/action/datastore_search')
    expect(panel.textContent).toContain('{"resource_id":"courses","limit":5}')
    expect(panel.textContent).toContain('<API_TOKEN>')
    expect(panel.textContent).not.toContain('s3cret')

    fireEvent.click(screen.getByRole('button', { name: 'Copy as curl' }))
    await waitFor(() => expect(writeText).toHaveBeenCalledTimes(1))
    expect(writeText.mock.calls[0]?.[0]).toContain('<API_TOKEN>')
    expect(writeText.mock.calls[0]?.[0]).not.toContain('s3cret')

    fireEvent.click(screen.getByLabelText('Show the token here and in copied code'))
    fireEvent.click(screen.getByRole('button', { name: 'Copy as curl' }))
    await waitFor(() => expect(writeText).toHaveBeenCalledTimes(2))
    expect(writeText.mock.calls[1]?.[0]).toContain('s3cret')

    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }))
    await waitFor(() => expect(writeText).toHaveBeenCalledTimes(3))
    const link = new URL(writeText.mock.calls[2]?.[0] ?? '')
    expect(link.searchParams.get('resource')).toBe('courses')
    expect(link.href).not.toContain('s3cret')
  })
})

describe('the live timeout', () => {
  it('ends a query that gets no answer after the time the user set, and says so', async () => {
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))
        }),
    )
    open(`${LIVE}&q=slow`)
    fireEvent.keyDown(window, { key: 'Escape' })
    fireEvent.change(screen.getByLabelText('Timeout (seconds)'), { target: { value: '0.05' } })
    fireEvent.click(screen.getByRole('button', { name: 'Run query' }))
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/No answer within/))
    expect((screen.getByLabelText('Search text') as HTMLInputElement).value).toBe('slow')
  })

  it('refuses a timeout that is not a number of seconds, beside the field', () => {
    open(LIVE)
    const timeout = screen.getByLabelText('Timeout (seconds)')
    fireEvent.change(timeout, { target: { value: 'soon' } })
    fireEvent.click(screen.getByRole('button', { name: 'Run query' }))
    expect(timeout.getAttribute('aria-invalid')).toBe('true')
  })
})

describe('the resource’s name and data dictionary', () => {
  it('show the name from resource_show and the labels from datastore_info', async () => {
    fetchMock.mockImplementation(async (url) => {
      const address = String(url)
      if (address.includes('/resource_show')) return answer({ success: true, result: { id: 'water', name: 'River water samples' } })
      if (address.includes('/datastore_info')) return answer({ success: true, result: { meta: {}, fields: [{ id: 'subject', type: 'text', info: { label: 'Course subject', notes: 'What is taught' } }] } })
      return success()
    })
    open('source=live&base=https://open.canada.ca/data/en&resource=water&limit=5')
    expect(await screen.findByRole('heading', { name: 'River water samples' })).toBeTruthy()
    expect(screen.getByText('water', { selector: '.resource-id bdi' })).toBeTruthy()
    await waitFor(() => expect(screen.getByRole('columnheader', { name: 'subject' }).textContent).toContain('Course subject'))
    const asked = fetchMock.mock.calls.map(([url]) => String(url))
    expect(asked).toContain('https://open.canada.ca/data/en/api/action/resource_show?id=water')
    expect(asked).toContain('https://open.canada.ca/data/en/api/action/datastore_info?id=water')
  })

  it('stay plain ids, with no alert, where the server refuses them', async () => {
    fetchMock.mockImplementation(async (url) => (/resource_show|datastore_info/.test(String(url)) ? answer({ success: false, error: { __type: 'Not Found Error' } }, 404) : success()))
    open('source=live&base=https://demo.ckan.org&resource=refused&limit=5')
    await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/Showing 2 of 2 records/))
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/datastore_info'))).toBe(true))
    expect(screen.getByRole('heading', { name: 'refused' })).toBeTruthy()
    expect(screen.getByRole('alert').textContent).toBe('')
  })
})

describe('one answer on screen', () => {
  // 7,000 records x 3 fields is over the cells past which a new answer is drawn as deferred work
  const small = [{ _id: 3, subject: 'Chemistry', stage: 'active' }]
  const large = Array.from({ length: 7000 }, (_, index) => ({ _id: 3 + index, subject: `Chemistry ${index}`, stage: 'active' }))
  it.each([
    ['a small answer, drawn at once', small, false],
    ['a large answer, drawn as deferred work', large, true],
  ])('has the status, the pager and the grid say the same answer at every commit: %s', async (_label, added, deferred) => {
    const more = [...records, ...added]
    fetchMock.mockImplementation(async (url, init) => {
      if (!String(url).includes('/datastore_search')) return answer({ success: false, error: { __type: 'Not Found Error' } }, 404)
      const asked = JSON.parse(String(init?.body ?? '{}')) as { q?: string }
      const rows = asked.q === 'more' ? more : records
      return answer({ success: true, result: { fields: [{ id: '_id', type: 'int' }, { id: 'subject', type: 'text' }, { id: 'stage', type: 'text' }], records: rows, total: rows.length, limit: 5, offset: 0 } })
    })
    // What a reader sees after each commit (a Profiler's onRender runs once the DOM is updated).
    const seen: { status: string; pager: string; rowCount: string; subjects: string; busy: boolean }[] = []
    const look = () => {
      const status = document.querySelector('output.status-text')?.textContent ?? ''
      const pager = document.querySelector('.pager-range')?.textContent ?? ''
      const table = document.querySelector('table[aria-label="Results"]')
      const subjects = [...(table?.querySelectorAll('tbody tr') ?? [])].map((row) => row.querySelectorAll('td')[1]?.textContent ?? '')
      const busy = document.querySelector('section[aria-label="Records"]')?.getAttribute('aria-busy') === 'true'
      seen.push({ status, pager, rowCount: table?.getAttribute('aria-rowcount') ?? '', subjects: subjects.join(','), busy })
    }
    // happy-dom does no layout: the grid's scrolling area gets the size a browser would give it.
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600)
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1000)
    window.history.replaceState(null, '', `/?${LIVE}`)
    render(
      <Profiler id="page" onRender={look}>
        <App />
      </Profiler>,
    )
    await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/Showing 2 of 2 records/))
    // The grid's code is a lazy chunk ("Loading the grid…" until it is there).
    await screen.findByRole('table', { name: 'Results' }, { timeout: 15_000 })
    fireEvent.change(screen.getByLabelText('Search text'), { target: { value: 'more' } })
    fireEvent.click(screen.getByRole('button', { name: 'Run query' }))
    const total = more.length.toLocaleString('en-US')
    await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(new RegExp(`Showing ${total} of ${total} records`)))

    const withGrid = seen.findIndex((frame) => frame.rowCount !== '')
    expect(withGrid).toBeGreaterThanOrEqual(0)
    const said = seen.slice(withGrid).filter((frame) => frame.status.startsWith('Showing'))
    expect(said.some((frame) => frame.status.startsWith('Showing 2 of 2'))).toBe(true)
    expect(said.some((frame) => frame.status.startsWith(`Showing ${total} of ${total}`))).toBe(true)
    for (const frame of said) {
      const count = Number(/^Showing ([\d,]+) of/.exec(frame.status)?.[1]?.replaceAll(',', ''))
      const answered = (count === more.length ? more : records).map((record) => record.subject)
      expect(frame.rowCount, `the grid's row count beside "${frame.status}"`).toBe(String(count + 1))
      // Rows are drawn once the grid knows its size (a layout effect, before the frame is painted).
      const drawn = frame.subjects === '' ? [] : frame.subjects.split(',')
      expect(drawn, `the rows beside "${frame.status}"`).toEqual(answered.slice(0, drawn.length))
      expect(frame.pager, `the pager beside "${frame.status}"`).toBe(`Records 1–${count.toLocaleString('en-US')} of ${count.toLocaleString('en-US')}`)
    }
    expect(seen.at(-1)?.subjects.split(',').slice(0, 3)).toEqual(more.slice(0, 3).map((record) => record.subject))
    // only a large answer is drawn as deferred work, with the Records region busy until it is on screen
    expect(seen.some((frame) => frame.busy)).toBe(deferred)
  })
})
