// The names of the files added to the demo engine, by resource id, kept in localStorage beside the
// recent queries: a recent query of a file names the file, also in a tab that does not hold it (the
// records never leave the tab where the file was added; only its name and id are kept).
export const FILE_NAMES_KEY = 'datastore-explorer.own-file-names'
const KEPT = 20

type Names = Record<string, string>

function load(storage: Pick<Storage, 'getItem'> | undefined): Names {
  try {
    const value: unknown = JSON.parse(storage?.getItem(FILE_NAMES_KEY) ?? '{}')
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return {}
    return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'))
  } catch {
    return {}
  }
}

/** The added file's name for a resource id, if this browser added it. */
export function fileNameOf(storage: Pick<Storage, 'getItem'> | undefined, resourceId: string): string | undefined {
  const names = load(storage)
  return Object.hasOwn(names, resourceId) ? names[resourceId] : undefined
}

/** Remembers a file's name (the newest `KEPT` only); a refused storage only means it is not kept. */
export function rememberFileName(storage: Pick<Storage, 'getItem' | 'setItem'> | undefined, resourceId: string, name: string): void {
  const names = Object.entries(load(storage)).filter(([id]) => id !== resourceId)
  try {
    storage?.setItem(FILE_NAMES_KEY, JSON.stringify(Object.fromEntries([...names, [resourceId, name]].slice(-KEPT))))
  } catch {
    // Private browsing or a full quota.
  }
}
