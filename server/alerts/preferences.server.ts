// A renter's alert settings: the time zone and hour their digests arrive at, how often they hear of
// the homes they saved, and whether e-mail alerts are paused because their address bounced.
import { eq } from 'drizzle-orm'
import type { Db } from '#server/db/client.server.ts'
import { alertPreference } from '#server/db/schema.ts'
import type { AlertSettings, AlertSettingsView } from '#common/alerts/schemas.ts'
import { DEFAULT_DIGEST_HOUR, type AlertFrequency } from '#common/alerts/vocabulary.ts'

/** The time zone digests follow until the renter's browser or their choice says another. */
export const DEFAULT_TIME_ZONE = 'America/New_York'

/** The renter's alert settings, the defaults when they never chose any. */
export async function findAlertSettings(db: Db, userId: string): Promise<AlertSettingsView> {
  const [row] = await db.select().from(alertPreference).where(eq(alertPreference.userId, userId))
  return {
    timeZone: row?.timeZone ?? DEFAULT_TIME_ZONE,
    digestHour: row?.digestHour ?? DEFAULT_DIGEST_HOUR,
    savedHomesFrequency: (row?.savedHomesFrequency ?? 'instant') as AlertFrequency,
    bouncedAt: row?.bouncedAt?.toISOString() ?? null,
  }
}

/** Saves the renter's alert settings. */
export async function saveAlertSettings(db: Db, { userId, settings }: { userId: string; settings: AlertSettings }): Promise<void> {
  await db
    .insert(alertPreference)
    .values({ userId, ...settings })
    .onConflictDoUpdate({ target: alertPreference.userId, set: { ...settings } })
}

/** The renter says their address works again: e-mail alerts resume. */
export async function resumeAlertEmails(db: Db, { userId }: { userId: string }): Promise<void> {
  await db.update(alertPreference).set({ bouncedAt: null }).where(eq(alertPreference.userId, userId))
}
