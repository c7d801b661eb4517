// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AddDataFile } from './AddDataFile.tsx'

afterEach(cleanup)

describe('AddDataFile', () => {
  it('hands the chosen file over', () => {
    const onFile = vi.fn<(file: File) => void>()
    render(<AddDataFile state={{ phase: 'idle' }} onFile={onFile} />)
    const file = new File(['a,b\n1,2\n'], 'mine.csv', { type: 'text/csv' })
    fireEvent.change(screen.getByLabelText('Add a data file'), { target: { files: [file] } })
    expect(onFile).toHaveBeenCalledWith(file)
  })

  it('shows progress while reading and the reason when a file is refused', () => {
    const { rerender } = render(<AddDataFile state={{ phase: 'loading', name: 'big.csv', done: 50, total: 200 }} onFile={() => {}} />)
    const bar = screen.getByRole('progressbar', { name: 'Reading big.csv' })
    expect(bar.getAttribute('value')).toBe('50')
    expect((screen.getByLabelText('Add a data file') as HTMLInputElement).disabled).toBe(true)
    rerender(<AddDataFile state={{ phase: 'failed', message: 'bad.csv, line 3: unclosed quote' }} onFile={() => {}} />)
    expect(screen.getByText('bad.csv, line 3: unclosed quote')).toBeTruthy()
  })
})
