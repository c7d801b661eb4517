// @vitest-environment happy-dom
// The dialog against the engine's own catalog actions as its server: More datasets pages through 45
// datasets, typing asks once per pause and cancels the search under way, arrows and Enter open.
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { CatalogDeps } from '../../api/catalog-search.ts'
import { TransportError, type Transport } from '../../api/transport.ts'
import { Catalog, createDatastoreHandler, TableBuilder } from '../../engine/index.ts'
import { BrowseDialog, type BrowseTarget } from './BrowseDialog.tsx'

afterEach(cleanup)

const BASE = 'http://portal.test'

/** `hold`: requests it names wait until cancelled (a slow portal), so cancelling can be seen. */
function portal(size: number, hold: (url: URL) => boolean = () => false) {
  const catalog = new Catalog()
  const table = new TableBuilder([{ id: 'x', type: 'text' }]).build()
  for (let index = 1; index <= size; index++) {
    const name = `set-${String(index).padStart(2, '0')}`
    catalog.add({ id: `r${index}`, title: `Table ${index}`, format: 'CSV', dataset: { id: name, name, title: `Dataset ${index}`, notes: index % 2 ? 'odd one' : 'even one' }, load: () => table })
  }
  const handler = createDatastoreHandler({ catalog, basePath: '/', tokens: [] })
  const sent: { url: string; signal?: AbortSignal }[] = []
  const transport: Transport = {
    async send(spec, { signal }) {
      sent.push({ url: spec.url, signal })
      if (hold(new URL(spec.url))) {
        await new Promise((resolve) => signal?.addEventListener('abort', resolve))
        throw new TransportError('aborted', 'cancelled')
      }
      const response = await handler(new Request(spec.url))
      return { status: response.status, statusText: '', headers: [], bodyText: await response.text(), elapsedMs: 1 }
    },
  }
  const deps: CatalogDeps = { transports: { live: transport, demo: transport } }
  return { deps, sent }
}

const target: BrowseTarget = { source: 'live', baseUrl: BASE, label: 'portal.test' }

function results(): HTMLElement[] {
  return within(screen.getByRole('list', { name: 'Datasets' })).getAllByRole('heading', { level: 3 })
}

describe('BrowseDialog', () => {
  it('pages with More datasets until every dataset is shown', async () => {
    const { deps, sent } = portal(45)
    render(<BrowseDialog target={target} deps={deps} onOpenResource={() => {}} onClose={() => {}} />)
    await waitFor(() => expect(results()).toHaveLength(20))
    expect(screen.getByText('45 datasets, 20 shown')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'More datasets' }))
    await waitFor(() => expect(results()).toHaveLength(40))
    fireEvent.click(screen.getByRole('button', { name: 'More datasets' }))
    await waitFor(() => expect(results()).toHaveLength(45))
    expect(screen.queryByRole('button', { name: 'More datasets' })).toBeNull()
    expect(sent.map(({ url }) => new URL(url).searchParams.get('start'))).toEqual(['0', '20', '40'])
    // no dataset twice, none left out
    expect(new Set(results().map((heading) => heading.textContent)).size).toBe(45)
  })

  it('asks once per pause in typing, and a newer search cancels the one under way', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    try {
      const { deps, sent } = portal(5, (url) => url.searchParams.get('q') === 'even')
      render(<BrowseDialog target={target} deps={deps} onOpenResource={() => {}} onClose={() => {}} />)
      await waitFor(() => expect(results()).toHaveLength(5))
      const box = screen.getByRole('searchbox', { name: 'Search datasets' })
      for (const text of ['o', 'od', 'odd']) fireEvent.change(box, { target: { value: text } })
      await act(async () => {
        await vi.advanceTimersByTimeAsync(400)
      })
      await waitFor(() => expect(screen.getByText('3 datasets matching “odd”')).toBeTruthy())
      expect(sent.map(({ url }) => new URL(url).searchParams.get('q'))).toEqual([null, 'odd'])
      // a search still under way when the words change is cancelled
      fireEvent.change(box, { target: { value: 'even' } })
      await act(async () => {
        await vi.advanceTimersByTimeAsync(400)
      })
      fireEvent.change(box, { target: { value: 'even one' } })
      await act(async () => {
        await vi.advanceTimersByTimeAsync(400)
      })
      await waitFor(() => expect(screen.getByText('2 datasets matching “even one”')).toBeTruthy())
      const even = sent.filter(({ url }) => new URL(url).searchParams.get('q') === 'even')
      expect(even).toHaveLength(1)
      expect(even[0]?.signal?.aborted).toBe(true)
    } finally {
      vi.useRealTimers()
    }
  })

  it('moves with the arrow keys from the search box to the Open buttons; Enter opens', async () => {
    const { deps } = portal(2)
    const onOpen = vi.fn<(resourceId: string) => void>()
    render(<BrowseDialog target={target} deps={deps} onOpenResource={onOpen} onClose={() => {}} />)
    await waitFor(() => expect(results()).toHaveLength(2))
    const box = screen.getByRole('searchbox', { name: 'Search datasets' })
    box.focus()
    fireEvent.keyDown(box, { key: 'ArrowDown' })
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open Table 1' }))
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' })
    const second = screen.getByRole('button', { name: 'Open Table 2' })
    expect(document.activeElement).toBe(second)
    fireEvent.keyDown(second, { key: 'ArrowUp' })
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' })
    expect(document.activeElement).toBe(box)
    fireEvent.click(second)
    expect(onOpen).toHaveBeenCalledWith('r2', { source: 'live', baseUrl: BASE })
  })
})
