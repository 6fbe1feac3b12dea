// What an unsubscribe link stops, and stopping it: a saved search's frequency becomes 'never', a
// digest's link sets every search of that frequency (and the saved homes' news, when it came at that
// pace) to 'never', a saved home's link sets the saved homes' frequency to 'never'. The searches stay
// saved and keep showing their homes on the site. No session is needed: the token is the grant.
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.server.ts'
import { alertPreference, savedSearch } from '#server/db/schema.ts'
import { readUnsubscribeToken, type UnsubscribeGrant } from './unsubscribe-tokens.server.ts'

export type UnsubscribeReading =
  | { status: 'invalid' }
  | {
      status: 'valid'
      /** What stops, as a phrase: `e-mails about your saved search "Wilmington under $2,500"`. */
      stops: string
      /** Where to choose another frequency instead (or again, to undo). */
      frequencyPath: string
    }

const quoted = (names: string[]) =>
  names.length <= 1
    ? `"${names[0] ?? ''}"`
    : `${names
        .slice(0, -1)
        .map((n) => `"${n}"`)
        .join(', ')} and "${names.at(-1)}"`

async function readingOf(db: Db, grant: UnsubscribeGrant): Promise<UnsubscribeReading> {
  const { scope } = grant
  if (scope.kind === 'saved-homes') return { status: 'valid', stops: 'e-mails about the homes you saved', frequencyPath: '/searches' }
  if (scope.kind === 'frequency') {
    const what =
      scope.frequency === 'instant' ? 'instant e-mails about your saved searches' : `your ${scope.frequency} digest of saved searches`
    return { status: 'valid', stops: what, frequencyPath: '/searches' }
  }
  const searches = await db
    .select({ id: savedSearch.id, name: savedSearch.name })
    .from(savedSearch)
    .where(and(eq(savedSearch.userId, grant.userId), inArray(savedSearch.id, scope.savedSearchIds)))
    .orderBy(savedSearch.id)
  if (searches.length === 0)
    return { status: 'valid', stops: 'e-mails about saved searches you have since deleted', frequencyPath: '/searches' }
  return {
    status: 'valid',
    stops: `e-mails about your saved search${searches.length > 1 ? 'es' : ''} ${quoted(searches.map((s) => s.name))}`,
    frequencyPath: searches.length === 1 ? `/searches/${searches[0]!.id}` : '/searches',
  }
}

/** What the link with this token would stop; 'invalid' for a token this site did not mint. Changes nothing. */
export async function readUnsubscribeLink(db: Db, token: string): Promise<UnsubscribeReading> {
  const grant = readUnsubscribeToken(token)
  return grant ? readingOf(db, grant) : { status: 'invalid' }
}

/** Stops what the link says (once or many times, the same end); 'invalid' changes nothing. */
export async function unsubscribeByLink(db: Db, token: string): Promise<UnsubscribeReading> {
  const grant = readUnsubscribeToken(token)
  if (!grant) return { status: 'invalid' }
  const reading = await readingOf(db, grant)
  const { userId, scope } = grant
  if (scope.kind === 'searches') {
    await db
      .update(savedSearch)
      .set({ frequency: 'never' })
      .where(and(eq(savedSearch.userId, userId), inArray(savedSearch.id, scope.savedSearchIds)))
  } else if (scope.kind === 'frequency') {
    await db
      .update(savedSearch)
      .set({ frequency: 'never' })
      .where(and(eq(savedSearch.userId, userId), eq(savedSearch.frequency, scope.frequency)))
    await db
      .update(alertPreference)
      .set({ savedHomesFrequency: 'never' })
      .where(and(eq(alertPreference.userId, userId), eq(alertPreference.savedHomesFrequency, scope.frequency)))
  } else {
    await stopSavedHomes(db, userId)
  }
  return reading
}

/** Sets the saved homes' frequency to 'never', writing the settings row if there is none (not for an account since deleted). */
async function stopSavedHomes(db: Db, userId: string): Promise<void> {
  await db.execute(sql`
    insert into alert_preference (user_id, saved_homes_frequency)
    select id, 'never' from "user" where id = ${userId}
    on conflict (user_id) do update set saved_homes_frequency = 'never', updated_at = now()`)
}
