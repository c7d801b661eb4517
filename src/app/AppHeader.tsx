import { Isolated } from '../features/safe-text/Isolated.tsx'
import type { Source } from '../query/types.ts'

interface AppHeaderProps {
  source: Source
  liveHost?: string
}

/** The product name and a one-line reminder of where queries are answered. */
export function AppHeader({ source, liveHost }: AppHeaderProps) {
  return (
    <header className="app-header">
      <h1>Datastore Explorer</h1>
      <p className="app-tagline">
        {source === 'demo' ? (
          <>
            <span className="mode-badge">Demo</span>
            Answered in your browser by the reference engine; nothing leaves this page.
          </>
        ) : (
          <>
            <span className="mode-badge">Live</span>
            Requests go to {liveHost === undefined ? 'the API you name' : <Isolated text={liveHost} />}.
          </>
        )}
      </p>
    </header>
  )
}
