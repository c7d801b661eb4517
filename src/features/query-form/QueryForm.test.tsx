// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { defaultQuery } from '../../query/defaults.ts'
import { queryToDraft, type FieldMessages, type FormDraft } from './draft.ts'
import { QueryForm } from './QueryForm.tsx'
import { loadAddressPaste } from './address-paste-loader.ts'

afterEach(cleanup)
// In the page the address readers load on idle; here they are loaded before the first paste.
beforeAll(() => loadAddressPaste())

const DEMO = [{ id: 'd2a1e7a0-6b0c-4e55-9a57-2f3c5c1f1e01', title: 'Courses', description: 'Course offerings' }]

function Harness({ onRun, errors = {} }: { onRun: (draft: FormDraft) => void; errors?: FieldMessages }) {
  const [draft, setDraft] = useState(() => queryToDraft(defaultQuery()))
  const [token, setToken] = useState('')
  return (
    <QueryForm
      draft={draft}
      onDraftChange={setDraft}
      onRun={onRun}
      errors={errors}
      warnings={{}}
      demoResources={DEMO}
      fieldSuggestions={['subject', 'stage']}
      tokenControls={{ token, onTokenChange: setToken, remember: false, onRememberChange: () => {} }}
      timeoutControls={{ text: '30', setText: () => {} }}
    />
  )
}

describe('QueryForm', () => {
  it('has the contract names: Source and Method radio groups, Base URL only for the live API', () => {
    render(<Harness onRun={() => {}} />)
    const source = screen.getByRole('radiogroup', { name: 'Source' })
    expect(within(source).getByRole('radio', { name: 'Demo' })).toHaveProperty('checked', true)
    expect(within(screen.getByRole('radiogroup', { name: 'Method' })).getByRole('radio', { name: 'POST' })).toHaveProperty('checked', true)
    expect(screen.queryByLabelText('Base URL')).toBeNull()
    fireEvent.click(within(source).getByRole('radio', { name: 'Live API' }))
    expect(screen.getByLabelText('Base URL')).toBeTruthy()
  })

  it('offers the demo resources by title and id, and names the chosen one', () => {
    const { container } = render(<Harness onRun={() => {}} />)
    const option = container.querySelector('datalist option')
    expect(option?.getAttribute('value')).toBe(DEMO[0]?.id)
    expect(option?.textContent).toBe('Courses')
    expect(screen.getByText('Courses: Course offerings')).toBeTruthy()
  })

  it('a resource page address pasted into Resource ID fills in both fields, switches to the live API and says so', () => {
    const onRun = vi.fn<(draft: FormDraft) => void>()
    render(<Harness onRun={onRun} />)
    const id = '5b3c2a1e-9f0d-4c8b-a7e6-1d2c3b4a5f60'
    fireEvent.change(screen.getByLabelText('Resource ID'), { target: { value: `https://open.canada.ca/data/en/dataset/water/resource/${id}/view/x` } })
    expect(screen.getByLabelText('Base URL')).toHaveProperty('value', 'https://open.canada.ca/data/en')
    expect(screen.getByLabelText('Resource ID')).toHaveProperty('value', id)
    expect(screen.getByText(/^Filled in from the pasted/).getAttribute('aria-live')).toBe('polite')
    expect(screen.getByText(/^Filled in from the pasted/).textContent).toMatch(/^Filled in from the pasted resource page address: .*Switched the source to Live API\.$/)
    expect(onRun).not.toHaveBeenCalled()
  })

  it('an API address pasted into Base URL takes over the query it carries', () => {
    const onRun = vi.fn<(draft: FormDraft) => void>()
    render(<Harness onRun={onRun} />)
    fireEvent.click(screen.getByRole('radio', { name: 'Live API' }))
    const id = '5b3c2a1e-9f0d-4c8b-a7e6-1d2c3b4a5f60'
    fireEvent.change(screen.getByLabelText('Base URL'), { target: { value: `https://demo.ckan.org/api/3/action/datastore_search?resource_id=${id}&q=bio&limit=7&fields=a,b&sort=b%20desc` } })
    expect(screen.getByLabelText('Base URL')).toHaveProperty('value', 'https://demo.ckan.org')
    expect(screen.getByLabelText('Search text')).toHaveProperty('value', 'bio')
    expect(screen.getByLabelText('Limit')).toHaveProperty('value', '7')
    fireEvent.submit(screen.getByLabelText('Limit').closest('form') as HTMLFormElement)
    expect(onRun.mock.calls[0]).toEqual([
      expect.objectContaining({ source: 'live', baseUrl: 'https://demo.ckan.org', resourceId: id, q: 'bio', limit: '7', fields: ['a', 'b'], sort: [{ field: 'b', direction: 'desc' }] }),
      // The address's columns and sort are the user's own, not a view left over from another resource.
      { ownView: true },
    ])
  })

  it('Enter in a field runs the draft as typed', () => {
    const onRun = vi.fn<(draft: FormDraft) => void>()
    render(<Harness onRun={onRun} />)
    const search = screen.getByLabelText('Search text')
    fireEvent.change(search, { target: { value: 'bio' } })
    fireEvent.submit(search.closest('form') as HTMLFormElement)
    expect(onRun).toHaveBeenCalledTimes(1)
    expect(onRun.mock.calls[0]?.[0].q).toBe('bio')
  })

  it('the token is a password input with a show/hide toggle', () => {
    render(<Harness onRun={() => {}} />)
    const token = screen.getByLabelText('API token')
    expect(token.getAttribute('type')).toBe('password')
    fireEvent.click(screen.getByRole('button', { name: 'Show token' }))
    expect(token.getAttribute('type')).toBe('text')
    fireEvent.click(screen.getByRole('button', { name: 'Hide token' }))
    expect(token.getAttribute('type')).toBe('password')
  })

  it('shows a server message beside the field it names, marking it invalid', () => {
    render(<Harness onRun={() => {}} errors={{ limit: 'Must be a natural number', q: 'Unknown field "x"' }} />)
    for (const [label, message] of [['Limit', 'Must be a natural number'], ['Search text', 'Unknown field "x"']] as const) {
      const input = screen.getByLabelText(label)
      expect(input.getAttribute('aria-invalid')).toBe('true')
      expect(document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent).toBe(message)
    }
  })
})
