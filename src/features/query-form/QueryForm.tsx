import { useState, type FormEvent, type ReactNode } from 'react'
import type { FilterClause, Method, Source } from '../../query/types.ts'
import { visibleText } from '../safe-text/visible-text.ts'
import type { BrowseRequest } from './address-paste.ts'
import { addressPaste, loadAddressPaste, mayBeAddress } from './address-paste-loader.ts'
import type { FieldMessages, FormDraft } from './draft.ts'
import { FilterEditor } from './FilterEditor.tsx'
import { RadioGroup } from './RadioGroup.tsx'
import { ResourceIdField, type ResourceChoice } from './ResourceIdField.tsx'
import { TextField } from './TextField.tsx'
import { TokenField } from './TokenField.tsx'

export interface TokenControls {
  token: string
  onTokenChange: (token: string) => void
  remember: boolean
  onRememberChange: (remember: boolean) => void
  /** Said when the form's origin (`here`) has no token but another (`there`) has one, kept for it. */
  keptNote?: { here: string; there: string }
}

export interface TimeoutControls {
  text: string
  setText: (text: string) => void
  error?: string
}

interface QueryFormProps {
  draft: FormDraft
  onDraftChange: (draft: FormDraft) => void
  /**
   * Run this draft (Enter in any field, or the Run query button). `ownView`: its columns and sort are
   * the user's own (from a pasted API address), not left over from another resource.
   */
  onRun: (draft: FormDraft, options?: { ownView?: boolean }) => void
  errors: FieldMessages
  warnings: FieldMessages
  demoResources: readonly ResourceChoice[]
  fieldSuggestions: readonly string[]
  tokenControls: TokenControls
  /** The live request timeout (seconds), shown for the live API only. */
  timeoutControls: TimeoutControls
  /** Shown instead of the search fields (text, limit, filters), which keep what was typed: the SQL mode's editor. */
  editor?: ReactNode
  /** Shown under Resource ID (the `Browse datasets` button). */
  resourceTools?: ReactNode
  /** A portal's root or dataset page arrived in Base URL or Resource ID: browse it. */
  onBrowseAddress?: (request: BrowseRequest) => void
  /** The size limit of a live answer (MB), in the advanced options of the live API. */
  sizeLimitControls?: TimeoutControls
}

const SOURCES = [
  { value: 'demo', label: 'Demo' },
  { value: 'live', label: 'Live API' },
] as const satisfies ReadonlyArray<{ value: Source; label: string }>

const METHODS = [
  { value: 'POST', label: 'POST' },
  { value: 'GET', label: 'GET' },
] as const satisfies ReadonlyArray<{ value: Method; label: string }>

const FORM_NAME = 'Query'

/**
 * Runs the query form as its Run query button does (the Ctrl/Cmd+Enter shortcut), so that every way of
 * running goes through one submit and keeps what it decides (a pasted address's own columns and sort).
 */
export function submitQueryForm(): void {
  document.querySelector<HTMLFormElement>(`form[aria-label="${FORM_NAME}"]`)?.requestSubmit()
}

/** The query form. It only edits the draft and asks to run it; the app decides what running means. */
export function QueryForm(props: QueryFormProps) {
  const { draft, onDraftChange, onRun, errors, warnings, demoResources, fieldSuggestions, tokenControls, timeoutControls, sizeLimitControls, editor } = props
  const set = <K extends keyof FormDraft>(key: K, value: FormDraft[K]) => onDraftChange({ ...draft, [key]: value })
  const [addressNote, setAddressNote] = useState('')
  // The view (columns, sort) a pasted address asked for, while the draft still asks for it.
  const [addressView, setAddressView] = useState<string | undefined>(undefined)
  // A portal address in either field fills in both (and the query parameters it carries).
  const setAddressField = (key: 'baseUrl' | 'resourceId', value: string) => {
    if (!mayBeAddress(value)) return set(key, value)
    const paste = addressPaste()
    if (!paste) {
      // The readers are still loading: show the text now, read it as an address once they are here.
      set(key, value)
      return void loadAddressPaste().then(() => setAddressField(key, value))
    }
    const { takeOverAddress, takeOverCatalogAddress } = paste
    const catalog = props.onBrowseAddress ? takeOverCatalogAddress(draft, key, value) : undefined
    if (catalog) {
      onDraftChange(catalog.draft)
      setAddressNote(catalog.note)
      return props.onBrowseAddress?.(catalog.browse)
    }
    const taken = takeOverAddress(draft, value)
    if (!taken) return set(key, value)
    onDraftChange(taken.draft)
    setAddressNote(taken.note)
    setAddressView(viewKey(taken.draft))
  }
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    submitDraft()
  }
  const submitDraft = () => {
    const paste = mayBeAddress(draft.resourceId) ? addressPaste() : undefined
    if (mayBeAddress(draft.resourceId) && !paste) return void loadAddressPaste().then(submitDraft)
    // a portal or dataset address typed into Resource ID is no id: browse it instead
    const typed = paste && props.onBrowseAddress ? paste.takeOverCatalogAddress({ ...draft, resourceId: '' }, 'resourceId', draft.resourceId) : undefined
    if (typed) {
      onDraftChange(typed.draft)
      setAddressNote(typed.note)
      return props.onBrowseAddress?.(typed.browse)
    }
    onRun(draft, addressView === viewKey(draft) ? { ownView: true } : undefined)
  }
  const runWithFilters = (filters: FilterClause[]) => onRun({ ...draft, filters })

  return (
    <form className="query-form" aria-label={FORM_NAME} onSubmit={handleSubmit} noValidate>
      <div className="form-row form-row-choices">
        <RadioGroup label="Source" value={draft.source} options={SOURCES} onChange={(source) => set('source', source)} />
        <RadioGroup label="Method" value={draft.method} options={METHODS} onChange={(method) => set('method', method)} />
      </div>
      {draft.source === 'live' ? (
        <TextField
          label="Base URL"
          className="field-wide"
          type="url"
          inputMode="url"
          value={draft.baseUrl}
          onValueChange={(value) => setAddressField('baseUrl', value)}
          error={errors.baseUrl}
          warning={warnings.baseUrl}
          hint="The site plus the path before /api, e.g. https://demo.ckan.org; a resource page or API address pasted here fills in both fields."
          placeholder="https://demo.ckan.org"
          autoComplete="url"
          spellCheck={false}
        />
      ) : null}
      <ResourceIdField
        value={draft.resourceId}
        onChange={(value) => setAddressField('resourceId', value)}
        choices={draft.source === 'demo' ? demoResources : []}
        error={errors.resourceId}
        warning={warnings.resourceId}
      />
      {props.resourceTools}
      {/* A polite live region (not the page's status): kept in the page, empty, so what it says is read out. */}
      <p className="address-note" aria-live="polite">
        {visibleText(addressNote)}
      </p>
      {editor}
      <div className="search-fields" hidden={editor !== undefined}>
      <div className="form-row">
        <TextField
          label="Search text"
          className="field-grow"
          // Not type="search": Esc (cancel a running query) would also clear what was typed.
          type="text"
          enterKeyHint="search"
          value={draft.q}
          onValueChange={(value) => set('q', value)}
          error={errors.q}
          warning={warnings.q}
          autoComplete="off"
        />
        <TextField
          label="Limit"
          className="field-limit"
          inputMode="numeric"
          value={draft.limit}
          onValueChange={(value) => set('limit', value)}
          error={errors.limit}
          warning={warnings.limit}
          placeholder="100"
          autoComplete="off"
        />
      </div>
      <FilterEditor
        filters={draft.filters}
        onFiltersChange={(filters) => set('filters', filters)}
        onRun={runWithFilters}
        fieldSuggestions={fieldSuggestions}
        error={errors.filters}
        warning={warnings.filters}
      />
      </div>
      <TokenField {...tokenControls} error={errors.token} warning={warnings.token} />
      {draft.source === 'live' ? (
        <TextField
          label="Timeout (seconds)"
          className="field-timeout"
          inputMode="decimal"
          value={timeoutControls.text}
          onValueChange={timeoutControls.setText}
          error={timeoutControls.error}
          hint="A live query is stopped after this long; 0 waits as long as the server takes."
          autoComplete="off"
        />
      ) : null}
      {draft.source === 'live' && sizeLimitControls ? (
        // Open by itself when its field has something to say, so the message is never hidden.
        <details className="advanced-options" open={sizeLimitControls.error ? true : undefined}>
          <summary>Advanced options</summary>
          <TextField
            label="Maximum answer size (MB)"
            className="field-size-limit"
            inputMode="decimal"
            value={sizeLimitControls.text}
            onValueChange={sizeLimitControls.setText}
            error={sizeLimitControls.error}
            hint="A live answer larger than this is stopped as it arrives, so a huge answer cannot freeze the tab."
            autoComplete="off"
          />
        </details>
      ) : null}
      <div className="form-actions">
        <button type="submit" className="button-primary">
          Run query
        </button>
        <span className="form-tip">{editor ? 'Ctrl+Enter (⌘ Enter) runs the statement.' : 'Enter in any field runs the query.'}</span>
      </div>
    </form>
  )
}

/** What makes a view one resource's own: where it reads and which columns and sort it asks for. */
function viewKey(draft: FormDraft): string {
  return JSON.stringify([draft.baseUrl.trim(), draft.resourceId.trim(), draft.fields ?? null, draft.sort])
}
