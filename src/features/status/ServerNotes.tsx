// oxlint-disable-next-line import/no-unassigned-import -- the stylesheet is imported for its effect
import './status.css'

interface ServerNotesProps {
  notes: readonly string[] | undefined
}

/** How the answering server differs from the reference engine, in plain words (e.g. CKAN 2.12's shape). */
export function ServerNotes({ notes }: ServerNotesProps) {
  if (!notes || notes.length === 0) return null
  return (
    <ul className="server-notes" aria-label="Notes about this server">
      {notes.map((note, index) => (
        <li key={`${index}-${note}`}>{note}</li>
      ))}
    </ul>
  )
}
