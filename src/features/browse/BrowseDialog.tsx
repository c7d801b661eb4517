import { useId, useState, type KeyboardEvent } from 'react'
import type { CatalogDataset, CatalogDeps, CatalogResource, CatalogTarget } from '../../api/catalog-search.ts'
import { useModalDialog } from '../dialog/use-modal-dialog.ts'
import { useDatasetSearch } from './use-dataset-search.ts'
// oxlint-disable-next-line import/no-unassigned-import -- the stylesheet is imported for its effect
import './browse.css'
import { formatCount } from '../../query/locale-format.ts'

export interface BrowseTarget extends CatalogTarget {
  /** What the heading says the dialog lists: a host, or "the demo engine". */
  label: string
  /** Open on this dataset (a pasted dataset page). */
  dataset?: string
  /** Search words to start with (a pasted dataset list address). */
  q?: string
  /** Why there is nothing to search (no usable base URL): said instead of searching. */
  problem?: string
}

interface BrowseDialogProps {
  /** Open when given; a new target (another portal or dataset) replaces what is shown. */
  target: BrowseTarget | undefined
  deps: CatalogDeps
  onOpenResource: (resourceId: string, target: CatalogTarget) => void
  onClose: () => void
}

const NAV = 'data-browse-nav'
/** Resources that cannot be opened, listed one by one up to this many; more are told in one line. */
const MAX_CLOSED_LISTED = 4

/** The `Browse datasets` dialog: search a portal's catalog and open a DataStore resource. */
export function BrowseDialog({ target, deps, onOpenResource, onClose }: BrowseDialogProps) {
  const id = useId()
  const open = target !== undefined
  const { dialog, handleClose, restoreFocus } = useModalDialog(open, onClose, 'input[type="search"]')
  // Opening closes the dialog at once (it goes away with its target): focus goes back where it was.
  const openResource: BrowseDialogProps['onOpenResource'] = (resourceId, where) => {
    dialog.current?.close()
    onOpenResource(resourceId, where)
    restoreFocus()
  }
  // Up and down move through the search box, the results' Open buttons and More datasets.
  const handleKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    // a search box spends the first Esc on clearing itself: here Esc always closes
    if (event.key === 'Escape') {
      event.preventDefault()
      dialog.current?.close()
      return
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return
    const stops = [...(dialog.current?.querySelectorAll<HTMLElement>(`[${NAV}]`) ?? [])].filter((element) => !(element as HTMLButtonElement).disabled)
    const at = stops.indexOf(document.activeElement as HTMLElement)
    const next = stops[Math.min(stops.length - 1, Math.max(0, at + (event.key === 'ArrowDown' ? 1 : -1)))]
    if (next) {
      event.preventDefault()
      next.focus()
    }
  }

  return (
    <dialog ref={dialog} className="browse-dialog" aria-labelledby={`${id}-title`} onClose={handleClose} onKeyDown={handleKeyDown}>
      <div className="browse-head">
        <h2 id={`${id}-title`}>Browse datasets</h2>
        <form method="dialog">
          <button type="submit" className="button-secondary">
            Close
          </button>
        </form>
      </div>
      {/* a new portal or dataset starts afresh: its own search words and results */}
      {target ? <BrowseBody key={JSON.stringify([target.source, target.baseUrl, target.dataset, target.q])} target={target} deps={deps} onOpenResource={openResource} /> : null}
    </dialog>
  )
}

function BrowseBody({ target, deps, onOpenResource }: { target: BrowseTarget; deps: CatalogDeps; onOpenResource: BrowseDialogProps['onOpenResource'] }) {
  const [q, setQ] = useState(target.q ?? '')
  const [dataset, setDataset] = useState(target.dataset)
  const { state, more, searchNow } = useDatasetSearch(target.problem === undefined ? target : undefined, q, dataset, deps)
  const openResource = (resource: CatalogResource) => onOpenResource(resource.id, { source: target.source, baseUrl: target.baseUrl })
  return (
    <>
      <p className="browse-where">The datasets of {target.label}</p>
      <input
        type="search"
        className="browse-search"
        aria-label="Search datasets"
        placeholder="Words in titles, descriptions, fields"
        value={q}
        onChange={(event) => setQ(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault()
            searchNow()
          }
        }}
        autoComplete="off"
        spellCheck={false}
        {...{ [NAV]: '' }}
      />
      <output className="browse-status">{statusLine(state.phase, state.count, state.datasets.length, q, dataset)}</output>
      {state.failure || target.problem ? <p className="browse-failure">{state.failure ?? target.problem}</p> : null}
      <ul className="browse-results" aria-label="Datasets" aria-busy={state.phase === 'searching'}>
        {state.datasets.map((item) => (
          <DatasetItem key={item.id} dataset={item} onOpen={openResource} />
        ))}
      </ul>
      {state.phase === 'done' && state.datasets.length < state.count && dataset === undefined ? (
        <button type="button" className="button-secondary browse-more" onClick={more} disabled={state.loadingMore} {...{ [NAV]: '' }}>
          More datasets
        </button>
      ) : null}
      {state.phase === 'done' && dataset !== undefined && q.trim() === '' ? (
        <button type="button" className="button-secondary browse-more" onClick={() => setDataset(undefined)} {...{ [NAV]: '' }}>
          All datasets of the portal
        </button>
      ) : null}
    </>
  )
}

function statusLine(phase: string, count: number, shown: number, q: string, dataset: string | undefined): string {
  if (phase === 'searching') return 'Searching…'
  if (phase === 'failed') return 'No datasets to show.'
  if (phase !== 'done') return ''
  if (dataset !== undefined && q.trim() === '') return `Dataset ${dataset}`
  const words = q.trim() === '' ? '' : ` matching “${q.trim()}”`
  if (count === 0) return `No datasets${words}.`
  return `${formatCount(count)} ${count === 1 ? 'dataset' : 'datasets'}${words}${shown < count ? `, ${formatCount(shown)} shown` : ''}`
}

function DatasetItem({ dataset, onOpen }: { dataset: CatalogDataset; onOpen: (resource: CatalogResource) => void }) {
  const headingId = useId()
  const queryable = dataset.resources.some((resource) => resource.queryable)
  // a package of dozens of files: the openable ones, and the others told in one line
  const closed = dataset.resources.filter((resource) => !resource.queryable)
  const folded = closed.length > MAX_CLOSED_LISTED ? closed : []
  const listed = folded.length > 0 ? dataset.resources.filter((resource) => resource.queryable) : dataset.resources
  const facts = [
    dataset.organization,
    dataset.formats.length > 0 ? dataset.formats.join(', ') : undefined,
    `${dataset.resourceCount} ${dataset.resourceCount === 1 ? 'resource' : 'resources'}`,
    dataset.isPrivate ? 'private' : undefined,
  ].filter((fact) => fact !== undefined)
  return (
    // a dataset with nothing to open is still reachable by the arrow keys, to be read
    <li className="browse-dataset" aria-labelledby={headingId} tabIndex={queryable ? undefined : -1} {...(queryable ? {} : { [NAV]: '' })}>
      <h3 id={headingId}>{dataset.title}</h3>
      <p className="browse-facts">{facts.join(' · ')}</p>
      {dataset.summary ? <p className="browse-summary">{dataset.summary}</p> : null}
      {dataset.resources.length > 0 ? (
        <ul className="browse-resources" aria-label={`Resources of ${dataset.title}`}>
          {listed.map((resource) => (
            <li key={resource.id}>
              {resource.queryable ? (
                <button type="button" className="browse-open" onClick={() => onOpen(resource)} {...{ [NAV]: '' }}>
                  Open <span className="browse-resource-name">{resource.name}</span>
                </button>
              ) : (
                <span className="browse-closed">
                  <span className="browse-resource-name">{resource.name}</span>
                  <span className="browse-why">: not in the DataStore, so it cannot be queried{resource.format ? ` (${resource.format} file)` : ''}</span>
                </span>
              )}
              {resource.queryable && resource.format ? <span className="browse-format">{resource.format}</span> : null}
            </li>
          ))}
          {folded.length > 0 ? (
            <li className="browse-closed">
              {listed.length > 0 ? 'and ' : ''}
              {folded.length} other resources not in the DataStore, so they cannot be queried ({[...new Set(folded.map((resource) => resource.format || 'no format'))].slice(0, 6).join(', ')})
            </li>
          ) : null}
        </ul>
      ) : (
        <p className="browse-summary">No resources.</p>
      )}
    </li>
  )
}
