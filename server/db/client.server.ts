// Opens the database: embedded PGlite in a data folder by default, or a PostgreSQL server through a
// `pg` pool when a postgres:// URL is given. Both run the same Drizzle migrations on open.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import * as schema from './schema.ts'

export type Db = ReturnType<typeof drizzlePglite<typeof schema>>

export type Database = {
  db: Db
  kind: 'pglite' | 'postgres'
  /** What the background-job queue connects through: the one PGlite instance, or the server's URL. */
  connection: { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; url: string }
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>
  close(): Promise<void>
}

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  /** `snapshot`: an in-memory database starts as this dump of one (`dumpDataDir`), then migrates from there. */
  | { kind: 'pglite'; dataDir: string | null; snapshot?: Blob }

/** The project root: the nearest folder above this module that holds package.json. */
export function findProjectRoot(from = path.dirname(fileURLToPath(import.meta.url))): string {
  let dir = from
  while (!fs.existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir)
    if (parent === dir) throw new Error(`No package.json above ${from}`)
    dir = parent
  }
  return dir
}

/**
 * Memory for each sort or bitmap of a query. The default (4 MB) makes the bitmap of a search lookup
 * matching some ten thousand listings lossy, and every row of its pages is then checked again: a
 * lookup took 385 ms with 4 MB and 160 ms with 32 MB on a million listings.
 */
const SEARCH_WORK_MEM = '32MB'

export const migrationsFolder = path.join(findProjectRoot(), 'server', 'db', 'migrations')

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      // Many short queries at once: parallel workers and JIT compilation cost more than they save
      // here (a search counted by three processes took longer than by one, and kept the others'
      // cores busy). SEARCH_WORK_MEM keeps the bitmap of a broad search lookup exact.
      options: `-c max_parallel_workers_per_gather=0 -c jit=off -c work_mem=${SEARCH_WORK_MEM}`,
    })
    // An idle client losing its connection must not crash the process.
    pool.on('error', () => {})
    const db = drizzlePg(pool, { schema }) as unknown as Db
    await migratePg(db as never, { migrationsFolder })
    return {
      db,
      kind: 'postgres',
      connection: { kind: 'postgres', url: options.url },
      async ping() {
        await pool.query('select 1')
      },
      async close() {
        await pool.end()
      },
    }
  }

  let releaseLock = () => {}
  if (options.dataDir) {
    const dir = path.join(options.dataDir, 'pglite')
    fs.mkdirSync(dir, { recursive: true })
    releaseLock = acquireLock(path.join(options.dataDir, 'pglite.lock'))
  }
  try {
    const client = await PGlite.create({
      dataDir: options.dataDir ? path.join(options.dataDir, 'pglite') : undefined,
      loadDataDir: options.dataDir ? undefined : options.snapshot,
      extensions: { pg_trgm, btree_gist },
    })
    await client.exec(`set work_mem = '${SEARCH_WORK_MEM}'`)
    const db = drizzlePglite(client, { schema })
    await migratePglite(db, { migrationsFolder })
    return {
      db,
      kind: 'pglite',
      connection: { kind: 'pglite', client },
      async ping() {
        await client.query('select 1')
      },
      async close() {
        await client.close()
        releaseLock()
      },
    }
  } catch (error) {
    releaseLock()
    throw error
  }
}

/**
 * PGlite is one process's database: a second process opening the same folder corrupts it. The
 * lock file holds the owner's pid; a lock left by a process that is gone is taken over.
 */
function acquireLock(file: string): () => void {
  try {
    fs.writeFileSync(file, String(process.pid), { flag: 'wx' })
  } catch {
    const holder = Number(fs.readFileSync(file, 'utf8'))
    if (holder && holder !== process.pid && isAlive(holder)) {
      throw new Error(
        `The data folder is in use by another Cooper Home process (pid ${holder}). ` +
          'Stop it, or run several instances on PostgreSQL (DATABASE_URL).',
      )
    }
    fs.writeFileSync(file, String(process.pid))
  }
  return () => fs.rmSync(file, { force: true })
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}
