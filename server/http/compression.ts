// Compressed answers: Brotli where the browser accepts it, else gzip, for every page, JSON and CSV
// answer of 1 KB or more. The built assets are compressed once at build time (vite.config.ts) and
// served as they are; an answer that already says how it is encoded is left alone.
import type http from 'node:http'
import zlib from 'node:zlib'
import compression from 'compression'

/** Brotli quality 5: most of the gain of 11 for a page made on each request, at a tenth of the CPU. */
const BROTLI_QUALITY = 5

type Handler = (req: http.IncomingMessage, res: http.ServerResponse, next: () => void) => void

export function compressResponses(): Handler {
  return compression({
    threshold: 1024,
    brotli: {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      },
    },
  }) as unknown as Handler
}
