// The part of OKFN's ckan.js (npm `ckan`, CommonJS, no types of its own) the HTTP tests use.
declare module 'ckan' {
  type Callback<T> = (error: unknown, result: T) => void

  interface ReclineQuery {
    resource_id: string
    q?: string
    /** limit */
    size?: number
    /** offset */
    from?: number
    sort?: { field: string; order?: 'asc' | 'desc' }[]
    filters?: { type: 'term'; field: string; term: string | number | boolean }[]
  }

  interface ReclineResult {
    total: number
    fields: { id: string; type: string; info?: unknown }[]
    hits: Record<string, unknown>[]
  }

  class Client {
    constructor(endpoint: string, apiKey?: string)
    endpoint: string
    action(name: string, data: Record<string, unknown>, callback: Callback<unknown>): void
    datastoreQuery(query: ReclineQuery, callback: Callback<ReclineResult>): void
    datastoreResources(callback: Callback<unknown>): void
  }

  const CKAN: { Client: typeof Client }
  export default CKAN
}
