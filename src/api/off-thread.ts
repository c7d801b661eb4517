// Its own module: the page checks for it on every big live page, while the client that throws it
// (live-worker-client.ts) loads only when such a page is first asked for.
/** There is no worker to read the answer in: read it on the page instead. */
export class OffThreadUnavailable extends Error {
  override readonly name = 'OffThreadUnavailable'
}
