// What the page shows only beside an answer: one chunk, fetched at once beside the grid's (Explorer.tsx).
export { GroupByToggle } from '../features/group-by/GroupByToggle.tsx'
export { Pager } from '../features/paging/Pager.tsx'
export { ResourceHeading } from '../features/resource-info/ResourceHeading.tsx'
export { ServerNotes } from '../features/status/ServerNotes.tsx'
export { SummariesToggle } from '../features/summaries/SummariesToggle.tsx'
