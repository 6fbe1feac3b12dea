// What the HTTP server hands every loader and action: the shared services and this request's id,
// CSP nonce and logger.
import { createContext } from 'react-router'
import type { Logger } from '#server/logger.server.ts'
import type { Services } from '#server/services.server.ts'

export type AppContext = { services: Services; requestId: string; nonce: string; log: Logger }

export const appContext = createContext<AppContext>()
