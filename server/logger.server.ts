import { pino, type Logger } from 'pino'

export type { Logger }

export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: 'cooper-home' },
    redact: ['req.headers.cookie', 'headers.cookie', '*.password'],
  })
}
