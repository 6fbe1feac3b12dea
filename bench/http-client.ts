// The benchmarks' HTTP client: plain node:http GETs over kept-alive connections. It costs a fraction
// of what fetch costs per request, which matters when the client shares two cores with the server
// it measures.
import http from 'node:http'

export type Reply = { status: number; body: Buffer }

/** A client with at most `connections` sockets open to the server. */
export function createHttpClient(connections: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections })
  return {
    get(url: string): Promise<Reply> {
      return new Promise((resolve, reject) => {
        http
          .get(url, { agent }, (res) => {
            const chunks: Buffer[] = []
            res.on('data', (chunk: Buffer) => chunks.push(chunk))
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }))
            res.on('error', reject)
          })
          .on('error', reject)
      })
    },
    close() {
      agent.destroy()
    },
  }
}
