import { Isolated } from '../safe-text/Isolated.tsx'
import { visibleText } from '../safe-text/visible-text.ts'
// oxlint-disable-next-line import/no-unassigned-import -- the stylesheet is imported for its effect
import './resource-info.css'

interface ResourceHeadingProps {
  resourceId: string
  /** From `resource_show` (or the demo catalog); absent: the id alone names the resource. */
  name?: string
  description?: string
}

/** The resource above its records: its name when the server tells it, and always its id. */
export function ResourceHeading({ resourceId, name, description }: ResourceHeadingProps) {
  return (
    <div className="resource-heading">
      <h2 className="resource-name">{name === undefined ? <code><Isolated text={resourceId} /></code> : <Isolated text={name} />}</h2>
      {name ? (
        <p className="resource-id">
          <span className="resource-id-label">Resource ID</span> <code><Isolated text={resourceId} /></code>
        </p>
      ) : null}
      {description ? (
        <p className="resource-description" title={visibleText(description)}>
          <Isolated text={description} />
        </p>
      ) : null}
    </div>
  )
}
