// Demo data for a fresh database: a deterministic, believable site for a newcomer.
import type { Auth } from '#server/accounts/auth.server.ts'
import type { Database } from '#server/db/client.server.ts'
import type { Logger } from '#server/logger.server.ts'

export async function seedDemoData(_: { database: Database; auth: Auth; logger: Logger }) {}
