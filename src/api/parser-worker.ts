// PostgreSQL's parser in a worker of its own, started by the SQL worker (src/demo/remote-parser.ts).
import { loadModule, parse } from 'libpg-query'
import { serveParser, type FromParser, type ToParser } from '../demo/remote-parser.ts'

// oxlint-disable-next-line unicorn/require-post-message-target-origin -- inside a worker there is no target origin
const answer = serveParser({ loadModule, parse }, (message: FromParser) => self.postMessage(message))
self.addEventListener('message', (event: MessageEvent<ToParser>) => answer(event.data))
