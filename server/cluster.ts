// WEB_CONCURRENCY=N: this primary process starts N workers, each a whole Cooper Home process
// (server/main.ts) on the same port, which Node's cluster module shares between them. They behave as
// N instances on one PostgreSQL: the realtime bus, search caches, jobs and rate limits already work
// across instances. Workers start one after another, so only the first applies migrations and seeds.
// SIGTERM or SIGINT is passed on; the primary exits once every worker has finished its requests.
import cluster, { type Worker } from 'node:cluster'
import { createLogger } from './logger.server.ts'

/** A worker that dies sooner than this after starting is not replaced: it would only die again. */
const STEADY_AFTER_MS = 30_000

export function runPrimary(count: number) {
  const logger = createLogger(process.env.LOG_LEVEL ?? 'info').child({ role: 'primary' })
  const startedAt = new Map<Worker, number>()
  let isStopping = false
  let exitCode = 0

  const fork = () =>
    new Promise<void>((resolve, reject) => {
      const worker = cluster.fork()
      startedAt.set(worker, Date.now())
      const onMessage = (message: unknown) => {
        if (message !== 'listening') return
        worker.off('message', onMessage)
        worker.off('exit', onEarlyExit)
        resolve()
      }
      const onEarlyExit = (code: number | null) => reject(new Error(`a worker stopped while starting (exit code ${code})`))
      worker.on('message', onMessage)
      worker.once('exit', onEarlyExit)
    })

  cluster.on('exit', (worker, code, signal) => {
    const started = startedAt.get(worker) ?? 0
    startedAt.delete(worker)
    if (isStopping) {
      if (startedAt.size === 0) {
        logger.info('every worker has stopped')
        process.exit(exitCode)
      }
      return
    }
    if (Date.now() - started < STEADY_AFTER_MS) return // reported by the start, or a crash loop
    logger.error({ pid: worker.process.pid, code, signal }, 'a worker stopped unexpectedly; starting another')
    fork().catch((error: unknown) => {
      logger.fatal({ err: error }, 'the replacement worker did not start')
      stop('SIGTERM', 1)
    })
  })

  const stop = (signal: NodeJS.Signals, code = 0) => {
    if (isStopping) return
    isStopping = true
    exitCode = code
    logger.info({ signal }, 'stopping the workers')
    if (startedAt.size === 0) process.exit(exitCode)
    for (const worker of startedAt.keys()) worker.process.kill(signal)
  }
  process.on('SIGTERM', () => stop('SIGTERM'))
  process.on('SIGINT', () => stop('SIGINT'))

  void (async () => {
    try {
      for (let i = 0; i < count; i += 1) await fork()
      logger.info({ workers: count }, `Cooper Home is running in ${count} processes`)
    } catch (error) {
      logger.fatal({ err: error }, 'Cooper Home could not start its workers')
      stop('SIGTERM', 1)
    }
  })()
}
