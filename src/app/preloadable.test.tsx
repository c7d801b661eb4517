// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react'
import { Suspense, useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { preloadable } from './preloadable.ts'

afterEach(cleanup)

function Counter({ label }: { label: string }) {
  const [count, setCount] = useState(0)
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      {label} {count}
    </button>
  )
}

/** A module load the test finishes when it wants. */
function controlledLoad() {
  let finish: (() => void) | undefined
  const done = new Promise<void>((resolve) => (finish = resolve))
  return { load: () => done.then(() => Counter), finish: () => finish?.() }
}

function Page({ panel }: { panel: ReturnType<typeof preloadable<{ label: string }>> }) {
  const { Component } = panel
  return (
    <Suspense fallback={<p>Loading the panel…</p>}>
      <Component label="Panel" />
    </Suspense>
  )
}

describe('preloadable', () => {
  it('shows a panel preloaded before it opens in the first commit, with no fallback', async () => {
    const { load, finish } = controlledLoad()
    const panel = preloadable(load)
    const preloaded = panel.preload()
    finish()
    await preloaded
    render(<Page panel={panel} />)
    expect(screen.queryByText('Loading the panel…')).toBeNull()
    expect(screen.getByRole('button').textContent).toBe('Panel 0')
  })

  it('shows the fallback for a panel opened before its code came, then the panel, kept once the code is in', async () => {
    const { load, finish } = controlledLoad()
    const panel = preloadable(load)
    const { rerender } = render(<Page panel={panel} />)
    expect(screen.getByText('Loading the panel…')).toBeDefined()
    await act(async () => finish())
    const button = await screen.findByRole('button')
    act(() => button.click())
    expect(button.textContent).toBe('Panel 1')
    // the code is in now: drawn again, the panel keeps its state (it is not mounted anew)
    rerender(<Page panel={panel} />)
    expect(screen.getByRole('button').textContent).toBe('Panel 1')
  })

  it('loads the code once, however often it is asked', async () => {
    let loads = 0
    const panel = preloadable(async () => {
      loads++
      return Counter
    })
    await Promise.all([panel.preload(), panel.preload()])
    render(<Page panel={panel} />)
    expect(loads).toBe(1)
  })
})
