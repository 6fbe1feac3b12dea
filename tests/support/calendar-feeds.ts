// A calendar server on 127.0.0.1 for the import tests: each path answers what the test set for it
// (a calendar, an error status, a redirect, a body too large, or nothing until the fetch gives up).
import http from 'node:http'
import type { AddressInfo } from 'node:net'

export type FeedAnswer =
  | { calendar: string }
  | { status: number; body?: string; headers?: Record<string, string> }
  /** Never answers (the fetch's time limit ends it). */
  | { hang: true }

export type FeedServer = {
  address: '127.0.0.1'
  port: number
  urlOf(path: string): string
  set(path: string, answer: FeedAnswer): void
  /** How many requests each path had. */
  hits: Map<string, number>
  close(): Promise<void>
}

export async function startFeedServer(): Promise<FeedServer> {
  const answers = new Map<string, FeedAnswer>()
  const hits = new Map<string, number>()
  const server = http.createServer((request, response) => {
    const path = request.url ?? '/'
    hits.set(path, (hits.get(path) ?? 0) + 1)
    const answer = answers.get(path)
    if (!answer) {
      response.writeHead(404).end('not found')
      return
    }
    if ('hang' in answer) return
    if ('calendar' in answer) {
      response.writeHead(200, { 'Content-Type': 'text/calendar; charset=utf-8' }).end(answer.calendar)
      return
    }
    response.writeHead(answer.status, answer.headers).end(answer.body ?? '')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    address: '127.0.0.1',
    port,
    urlOf: (path) => `http://127.0.0.1:${port}${path}`,
    set: (path, answer) => void answers.set(path, answer),
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
