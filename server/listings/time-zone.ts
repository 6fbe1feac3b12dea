// A listing's IANA time zone, found from its coordinates by @photostructure/tz-lookup (a maintained
// lookup built from the timezone-boundary-builder shapes), never from a hand-made table of states.
import tzLookup from '@photostructure/tz-lookup'

/** The IANA zone at a point ("America/Denver"); UTC for a point the lookup refuses. */
export function timeZoneAt(latitude: number, longitude: number): string {
  try {
    return tzLookup(latitude, longitude)
  } catch {
    return 'UTC'
  }
}

/**
 * The zone a listing's slots live in: the stored one, or, for a row written before the column existed
 * (migration 0028 cannot run the lookup), the one its coordinates give.
 */
export function listingTimeZone(row: { timeZone: string | null; latitude: number; longitude: number }): string {
  return row.timeZone ?? timeZoneAt(row.latitude, row.longitude)
}
