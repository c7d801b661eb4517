// Sends one fuzz request exactly as generated (method, path, headers, bytes) and collects the answer.
import { request as httpRequest, type Agent } from 'node:http'
import type { FuzzAnswer } from '../fuzz-answer-check.ts'
import type { FuzzRequest } from '../fuzz-requests.ts'

export function sendRaw(port: number, agent: Agent, fuzz: FuzzRequest, timeoutMs: number): Promise<FuzzAnswer> {
  return new Promise((resolve, reject) => {
    // An explicit length: node:http frames neither DELETE nor OPTIONS bodies by itself.
    const headers = fuzz.body === undefined ? fuzz.headers : { ...fuzz.headers, 'content-length': String(fuzz.body.byteLength) }
    const request = httpRequest({ host: '127.0.0.1', port, agent, method: fuzz.method, path: fuzz.path, headers }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => {
        clearTimeout(timer)
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') })
      })
      response.on('error', reject)
    })
    const timer = setTimeout(() => request.destroy(new Error(`no answer within ${timeoutMs} ms (a hang)`)), timeoutMs)
    request.on('error', (error) => {
      clearTimeout(timer)
      reject(error)
    })
    request.end(fuzz.body)
  })
}
