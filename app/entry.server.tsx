import { createReadableStreamFromReadable } from '@react-router/node'
import { isbot } from 'isbot'
import { renderToPipeableStream } from 'react-dom/server'
import { ServerRouter, type EntryContext, type RouterContextProvider } from 'react-router'
import { appContext } from '#server/http/app-context.server.ts'
import { contentFirst } from '#server/http/content-first.server.ts'

// The HTTP server reads these from the build, so the server and the app share one set of services.
export { getServices } from '#server/services.server.ts'
export { createHttpApp } from '#server/http/app.server.ts'
export { attachRealtimeSocket } from '#server/realtime/socket.server.ts'

export const streamTimeout = 5_000

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders })
  }
  const { nonce, log } = loadContext.get(appContext)

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false
    const userAgent = request.headers.get('user-agent')
    const readyOption = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady'
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000)

    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} nonce={nonce} />, {
      nonce,
      [readyOption]() {
        shellRendered = true
        // The head without module preload links, in one chunk for each of React's flushes (content-first.server.ts).
        const page = contentFirst()
        page.once('finish', () => {
          clearTimeout(timeoutId)
          timeoutId = undefined
        })
        responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
        pipe(page)
        resolve(
          new Response(createReadableStreamFromReadable(page), {
            headers: responseHeaders,
            status: responseStatusCode,
          }),
        )
      },
      onShellError(error: unknown) {
        reject(error)
      },
      onError(error: unknown) {
        responseStatusCode = 500
        if (shellRendered) log.error({ err: error }, 'render failed')
      },
    })
  })
}

export function handleError(error: unknown, { request, context }: { request: Request; context: RouterContextProvider }) {
  if (request.signal.aborted) return
  context.get(appContext).log.error({ err: error }, 'unexpected error')
}
