// The live transport's defaults, in their own module: the form shows them at once, while the
// transport itself (fetch-transport.ts) loads on idle or with the first live request.
export const DEFAULT_TIMEOUT_MS = 30_000
/** 200 MB: far above any page the explorer asks for (32,000 wide records), far below what breaks a tab. */
export const DEFAULT_MAX_BYTES = 200_000_000
