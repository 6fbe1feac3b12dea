// A renter's reusable application ("My application"): read with what is still missing, saved with only
// documents they own, and deleted with every private document of theirs whenever they ask.
import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import { missingFromProfile, renterProfileSchema, type RenterProfile } from '#common/applications/profile.ts'
import type { Db } from '#server/db/client.server.ts'
import { privateDocument, renterApplication } from '#server/db/schema.ts'
import type { z } from 'zod'
import { answerOfIssues } from '#common/forms.ts'
import { AppError } from '#server/errors.server.ts'
import type { Tx } from '#server/listings/index.server.ts'
import { dayOf, type ApplicationServices, type RemoveFiles } from './rules.server.ts'

export type RenterProfileFound = { profile: RenterProfile | null; missing: string[]; updatedAt: Date | null }

/** The stored profile read through today's schema; one that no longer reads is treated as none. */
export async function readStoredProfile(db: Db | Tx, userId: string) {
  const [row] = await db.select().from(renterApplication).where(eq(renterApplication.userId, userId))
  if (!row) return null
  const parsed = renterProfileSchema.safeParse(row.profile)
  return parsed.success ? { profile: parsed.data, updatedAt: row.updatedAt } : null
}

/** The ids among `ids` that are the user's own documents and not deleted. */
export async function usableDocumentIds(db: Db | Tx, { ownerId, ids }: { ownerId: string; ids: number[] }): Promise<number[]> {
  if (ids.length === 0) return []
  const rows = await db
    .select({ id: privateDocument.id })
    .from(privateDocument)
    .where(and(inArray(privateDocument.id, ids), eq(privateDocument.ownerId, ownerId), isNull(privateDocument.deletedAt)))
  const usable = new Set(rows.map((row) => row.id))
  return ids.filter((id) => usable.has(id))
}

/** The renter's reusable application, what it still lacks before it can be sent, and when it was saved. */
export async function findRenterProfile(db: Db, userId: string, now = new Date()): Promise<RenterProfileFound> {
  const stored = await readStoredProfile(db, userId)
  if (!stored) return { profile: null, missing: [], updatedAt: null }
  // A document deleted since (by its owner, or on schedule) is no longer part of what is sent.
  const documentIds = await usableDocumentIds(db, { ownerId: userId, ids: stored.profile.documentIds })
  const profile = { ...stored.profile, documentIds }
  return { profile, missing: missingFromProfile(profile, dayOf(now)), updatedAt: stored.updatedAt }
}

const SHAPES: Record<string, string> = {
  array: 'a list',
  object: 'an object with its fields',
  string: 'text',
  number: 'a number',
  boolean: 'true or false',
}

/**
 * The words for a value of the wrong shape, which only a JSON client sends (the page's form always
 * sends text where text goes): the schema's own messages cover what a person types, not a list sent
 * as text or a field sent as null.
 */
const wrongShape = (issue: z.core.$ZodRawIssue) =>
  issue.code === 'invalid_type' ? `Send ${SHAPES[String(issue.expected)] ?? 'a value of the right kind'} here.` : undefined

/** Saves the reusable application; documents that are not the user's own, or are deleted, are refused. */
export async function saveRenterProfile(
  services: Pick<ApplicationServices, 'database'>,
  { userId, profile, now = new Date() }: { userId: string; profile: unknown; now?: Date },
): Promise<RenterProfileFound> {
  const parsed = renterProfileSchema.safeParse(profile, { error: wrongShape })
  if (!parsed.success) {
    const { fieldErrors, formError } = answerOfIssues(parsed.error)
    throw new AppError('invalid', formError ?? 'Some fields need attention.', fieldErrors)
  }
  const valid = parsed.data
  const documentIds = [...new Set(valid.documentIds)]
  return services.database.db.transaction(async (tx) => {
    const usable = await usableDocumentIds(tx, { ownerId: userId, ids: documentIds })
    if (usable.length !== documentIds.length) {
      const message = 'Some of the documents attached are not yours or have been deleted: upload them again.'
      throw new AppError('invalid', message, { documentIds: [message] })
    }
    const stored = { ...valid, documentIds }
    const [row] = await tx
      .insert(renterApplication)
      .values({ userId, profile: stored })
      .onConflictDoUpdate({ target: renterApplication.userId, set: { profile: stored, updatedAt: sql`now()` } })
      .returning({ updatedAt: renterApplication.updatedAt })
    return { profile: stored, missing: missingFromProfile(stored, dayOf(now)), updatedAt: row!.updatedAt }
  })
}

/**
 * The renter's right to delete at any time: the reusable application and every private document of
 * theirs go (rows marked deleted, bytes removed through `removeFiles` once committed). Applications
 * already sent keep their snapshot and decision, but no landlord can read a deleted document.
 */
export async function deleteRenterProfile(
  services: Pick<ApplicationServices, 'database'>,
  { userId, removeFiles }: { userId: string; removeFiles?: RemoveFiles },
): Promise<{ deletedDocuments: number }> {
  const ids = await services.database.db.transaction(async (tx) => {
    await tx.delete(renterApplication).where(eq(renterApplication.userId, userId))
    const rows = await tx
      .update(privateDocument)
      .set({ deletedAt: sql`now()` })
      .where(and(eq(privateDocument.ownerId, userId), isNull(privateDocument.deletedAt)))
      .returning({ id: privateDocument.id })
    return rows.map((row) => row.id)
  })
  if (ids.length > 0 && removeFiles) await removeFiles(ids)
  return { deletedDocuments: ids.length }
}
