// When a renter's digest is due: at the hour they chose, in their own time zone (the hourly job runs
// in UTC). Pure, so the rule is tested with any clock.

export type DigestCadence = 'daily' | 'weekly'

/** The hours after the chosen one a digest may still go, should the job have missed its hour (a restart, a deploy). */
export const DIGEST_CATCH_UP_HOURS = 3

/** A daily digest goes at most once in this long (a renter moving their hour later does not get two in one day). */
const DAILY_GAP_MS = 20 * 3_600_000
/** A weekly digest goes at most once in this long. */
const WEEKLY_GAP_MS = 6 * 86_400_000

/** A formatter per time zone: making one costs far more than using it, and an hourly run asks for every renter. */
const clockFormats = new Map<string, Intl.DateTimeFormat>()

/** The local hour (0–23) and weekday (1 = Monday … 7 = Sunday) of an instant in a time zone; UTC for a zone Intl does not know. */
export function localClock(now: Date, timeZone: string): { hour: number; weekday: number } {
  let format = clockFormats.get(timeZone)
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', hourCycle: 'h23', weekday: 'short' })
    } catch {
      return localClock(now, 'UTC')
    }
    clockFormats.set(timeZone, format)
  }
  const parts = format.formatToParts(now)
  const hour = Number(parts.find((p) => p.type === 'hour')?.value ?? 0) % 24
  const day = parts.find((p) => p.type === 'weekday')?.value ?? 'Mon'
  return { hour, weekday: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(day) + 1 }
}

/**
 * Whether a digest is due at `now`: the renter's local hour is their digest hour or up to
 * DIGEST_CATCH_UP_HOURS after it (the same local day; for a weekly digest, a Monday), and the last
 * one of that cadence went long enough ago.
 */
export function isDigestDue({
  cadence,
  now,
  timeZone,
  digestHour,
  lastSentAt,
}: {
  cadence: DigestCadence
  now: Date
  timeZone: string
  digestHour: number
  lastSentAt: Date | null
}): boolean {
  const { hour, weekday } = localClock(now, timeZone)
  if (hour < digestHour || hour >= Math.min(24, digestHour + DIGEST_CATCH_UP_HOURS)) return false
  if (cadence === 'weekly' && weekday !== 1) return false
  const gap = cadence === 'daily' ? DAILY_GAP_MS : WEEKLY_GAP_MS
  return lastSentAt === null || now.getTime() - lastSentAt.getTime() >= gap
}
