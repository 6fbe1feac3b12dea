// Reporting a message to administrators, and what administrators do with the reports. A person may
// report only a message they can see: a direct message of their own conversation, or any room
// message; each message once. Only administrators read the reports and act on them: dismiss, delete
// the message, or mute its author; each of these closes the report with who did it and when.
import { and, asc, count, eq, isNull, or, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { z } from 'zod'
import { recordAdminAction } from '#server/admin-audit.server.ts'
import type { Db } from '#server/db/client.server.ts'
import { message, messageReport, roomMessage, user, userMute } from '#server/db/schema.ts'
import { AppError, parseOrThrow } from '#server/errors.server.ts'
import type { OpenReport, Person } from '#common/messages/types.ts'
import { requireAdministrator } from '#server/accounts/administrators.server.ts'
import type { DeletedDirectMessage } from './direct-rows.server.ts'
import { deleteDirectMessageByAdministrator } from './direct-write.server.ts'
import { muteUser } from './mutes.server.ts'
import { REPORT_REASON_MAX_LENGTH, reportSchema } from '#common/messages/schemas.ts'

export const messageReportSchema = reportSchema.extend({
  kind: z.enum(['direct', 'room'], { error: 'Say whether it is a direct or a room message.' }),
  messageId: z.coerce
    .number({ error: 'Say which message you report.' })
    .int({ error: 'Say which message you report.' })
    .positive({ error: 'Say which message you report.' }),
})

export const REPORT_ACTIONS = ['dismiss', 'delete', 'mute'] as const
export type ReportAction = (typeof REPORT_ACTIONS)[number]

export const resolveReportSchema = z.object({
  action: z.enum(REPORT_ACTIONS, { error: 'Choose what to do about the report.' }),
  /** For 'mute': one of MUTE_CHOICES_MINUTES, checked by the mute itself. */
  minutes: z.unknown().optional(),
})

/** Files a report. Reporting the same message again changes nothing (created false). */
export async function reportMessage(db: Db, { reporterId, input }: { reporterId: string; input: unknown }): Promise<{ created: boolean }> {
  const { kind, messageId, reason } = parseOrThrow(messageReportSchema, input, 'The report could not be sent.')
  const [found] =
    kind === 'direct'
      ? await db
          .select({ authorId: message.senderId })
          .from(message)
          .where(and(eq(message.id, messageId), or(eq(message.senderId, reporterId), eq(message.recipientId, reporterId))))
      : await db.select({ authorId: roomMessage.authorId }).from(roomMessage).where(eq(roomMessage.id, messageId))
  if (!found) throw new AppError('not-found', 'No such message.')
  if (found.authorId === reporterId) throw new AppError('invalid', 'You cannot report your own message; delete it instead.')
  const inserted = await db
    .insert(messageReport)
    .values({ reporterId, kind, messageId, reason })
    .onConflictDoNothing()
    .returning({ id: messageReport.id })
  return { created: inserted.length > 0 }
}

const ONLY_ADMINISTRATORS = 'Only administrators can see and act on reports.'

/** How many reports wait for an administrator (for the link to them). */
export async function countOpenReports(db: Db, { viewerId }: { viewerId: string }): Promise<number> {
  await requireAdministrator(db, viewerId, ONLY_ADMINISTRATORS)
  const [row] = await db.select({ n: count() }).from(messageReport).where(isNull(messageReport.resolvedAt))
  return row?.n ?? 0
}

/** The reports no administrator has acted on yet, oldest first, each with the message and its author. */
export async function listOpenReports(db: Db, { viewerId, limit = 100 }: { viewerId: string; limit?: number }): Promise<OpenReport[]> {
  await requireAdministrator(db, viewerId, ONLY_ADMINISTRATORS)
  const reporter = alias(user, 'reporter')
  const author = alias(user, 'author')
  const isRoom = eq(messageReport.kind, 'room')
  const authorId = sql`coalesce(${roomMessage.authorId}, ${message.senderId})`
  const rows = await db
    .select({
      id: messageReport.id,
      kind: messageReport.kind,
      reason: messageReport.reason,
      reportedAt: messageReport.createdAt,
      reporterId: messageReport.reporterId,
      reporterName: reporter.name,
      reporterImage: reporter.image,
      messageId: messageReport.messageId,
      roomBody: roomMessage.body,
      roomCreatedAt: roomMessage.createdAt,
      roomDeletedAt: roomMessage.deletedAt,
      directBody: message.body,
      directCreatedAt: message.createdAt,
      directDeletedAt: message.deletedAt,
      authorId: author.id,
      authorName: author.name,
      authorImage: author.image,
      mutedUntil: userMute.until,
    })
    .from(messageReport)
    .innerJoin(reporter, eq(reporter.id, messageReport.reporterId))
    .leftJoin(roomMessage, and(isRoom, eq(roomMessage.id, messageReport.messageId)))
    .leftJoin(message, and(eq(messageReport.kind, 'direct'), eq(message.id, messageReport.messageId)))
    .leftJoin(author, sql`${author.id} = ${authorId}`)
    .leftJoin(userMute, and(sql`${userMute.userId} = ${authorId}`, sql`${userMute.until} > now()`))
    .where(isNull(messageReport.resolvedAt))
    .orderBy(asc(messageReport.createdAt), asc(messageReport.id))
    .limit(Math.min(Math.max(1, limit), 500))
  return rows.map((row) => {
    const kind = row.kind === 'room' ? 'room' : 'direct'
    const createdAt = kind === 'room' ? row.roomCreatedAt : row.directCreatedAt
    const deletedAt = kind === 'room' ? row.roomDeletedAt : row.directDeletedAt
    const body = kind === 'room' ? row.roomBody : row.directBody
    return {
      id: row.id,
      kind,
      reason: row.reason,
      reportedAt: row.reportedAt.toISOString(),
      reporter: { id: row.reporterId, name: row.reporterName, image: row.reporterImage },
      message:
        row.authorId && createdAt
          ? {
              id: row.messageId,
              body: deletedAt ? '' : (body ?? ''),
              deleted: deletedAt !== null,
              createdAt: createdAt.toISOString(),
              author: { id: row.authorId, name: row.authorName ?? 'Former member', image: row.authorImage },
              authorMutedUntil: row.mutedUntil?.toISOString() ?? null,
            }
          : null,
    }
  })
}

/** What resolving a report changed, for the live news told after it (chat-writes.server.ts). */
export type ReportOutcome = {
  action: ReportAction
  /** How many open reports this closed (all of the same message, for a deletion or a mute). */
  resolved: number
  roomDeleted: { seq: number } | null
  directDeleted: DeletedDirectMessage | null
  mutedUntil: string | null
  author: Person | null
}

/**
 * An administrator acts on an open report: dismisses it, deletes the reported message (room or
 * direct), or mutes its author in the room for one of the offered periods. Deleting or muting closes
 * every open report of that message; dismissing closes this one.
 */
export async function storeReportResolution(
  db: Db,
  { adminId, reportId, input, ip }: { adminId: string; reportId: number; input: unknown; ip?: string | null },
): Promise<ReportOutcome> {
  await requireAdministrator(db, adminId, ONLY_ADMINISTRATORS)
  const { action, minutes } = parseOrThrow(resolveReportSchema, input, 'The report could not be resolved.')
  const [report] = await db
    .select({
      kind: messageReport.kind,
      messageId: messageReport.messageId,
      reason: messageReport.reason,
      resolvedAt: messageReport.resolvedAt,
    })
    .from(messageReport)
    .where(eq(messageReport.id, reportId))
  if (!report) throw new AppError('not-found', 'No such report.')
  if (report.resolvedAt) throw new AppError('conflict', 'Another administrator has already resolved this report.')
  const [authorRow] =
    report.kind === 'room'
      ? await db
          .select({ id: user.id, name: user.name, image: user.image })
          .from(roomMessage)
          .innerJoin(user, eq(user.id, roomMessage.authorId))
          .where(eq(roomMessage.id, report.messageId))
      : await db
          .select({ id: user.id, name: user.name, image: user.image })
          .from(message)
          .innerJoin(user, eq(user.id, message.senderId))
          .where(eq(message.id, report.messageId))
  const author = authorRow ?? null
  const outcome: ReportOutcome = { action, resolved: 0, roomDeleted: null, directDeleted: null, mutedUntil: null, author }

  const close = (tx: Pick<Db, 'update'>, resolution: 'dismissed' | 'deleted' | 'muted', onlyThis: boolean) =>
    tx
      .update(messageReport)
      .set({ resolvedAt: sql`now()`, resolvedBy: adminId, resolution })
      .where(
        and(
          isNull(messageReport.resolvedAt),
          onlyThis
            ? eq(messageReport.id, reportId)
            : and(eq(messageReport.kind, report.kind), eq(messageReport.messageId, report.messageId)),
        ),
      )
      .returning({ id: messageReport.id })

  const alreadyResolved = () => new AppError('conflict', 'Another administrator has already resolved this report.')
  if (action === 'dismiss') {
    outcome.resolved = (await close(db, 'dismissed', true)).length
    if (outcome.resolved === 0) throw alreadyResolved()
  } else if (action === 'delete') {
    await db.transaction(async (tx) => {
      if (report.kind === 'room') {
        const [deleted] = await tx
          .update(roomMessage)
          .set({ body: '', deletedAt: sql`now()`, deletedBy: adminId })
          .where(and(eq(roomMessage.id, report.messageId), isNull(roomMessage.deletedAt)))
          .returning({ seq: roomMessage.seq })
        outcome.roomDeleted = deleted ?? null
      } else {
        outcome.directDeleted = await deleteDirectMessageByAdministrator(tx, { messageId: report.messageId })
      }
      outcome.resolved = (await close(tx, 'deleted', false)).length
      // Resolved by someone else meanwhile: leave the message as they left it.
      if (outcome.resolved === 0) throw alreadyResolved()
    })
  } else {
    if (!author) throw new AppError('not-found', 'The author of this message no longer has an account here.')
    const reason = `Reported: ${report.reason}`.slice(0, REPORT_REASON_MAX_LENGTH)
    const muted = await muteUser(db, { adminId, userId: author.id, input: { minutes, reason } })
    outcome.mutedUntil = muted.until
    outcome.resolved = (await close(db, 'muted', false)).length
  }
  // The audit log (the operator console's) records what was done, to whose message, for which report.
  await recordAdminAction(db, {
    adminId,
    action: `message-report-${action}`,
    targetKind: report.kind === 'room' ? 'room-message' : 'direct-message',
    targetId: String(report.messageId),
    targetLabel: author ? `a message by ${author.name}` : 'a message',
    reason: action === 'mute' ? `Reported: ${report.reason} (muted ${minutes} minutes)` : `Reported: ${report.reason}`,
    ip,
  })
  return outcome
}

/** A resolved message report, for the console's queue: who reported what, what was done and by whom. */
export type ResolvedMessageReport = {
  id: number
  kind: 'direct' | 'room'
  reason: string
  reportedAt: string
  reporterName: string
  resolution: string
  resolvedBy: string | null
  resolvedAt: string
}

/** The latest resolved message reports, newest resolution first. */
export async function listResolvedReports(
  db: Db,
  { viewerId, limit = 100 }: { viewerId: string; limit?: number },
): Promise<ResolvedMessageReport[]> {
  await requireAdministrator(db, viewerId, ONLY_ADMINISTRATORS)
  const reporter = alias(user, 'reporter')
  const resolver = alias(user, 'resolver')
  const rows = await db
    .select({ report: messageReport, reporterName: reporter.name, resolverName: resolver.name })
    .from(messageReport)
    .innerJoin(reporter, eq(reporter.id, messageReport.reporterId))
    .leftJoin(resolver, eq(resolver.id, messageReport.resolvedBy))
    .where(sql`${messageReport.resolvedAt} is not null`)
    .orderBy(sql`${messageReport.resolvedAt} desc`, sql`${messageReport.id} desc`)
    .limit(Math.min(Math.max(1, limit), 500))
  return rows.map(({ report, reporterName, resolverName }) => ({
    id: report.id,
    kind: report.kind === 'room' ? 'room' : 'direct',
    reason: report.reason,
    reportedAt: report.createdAt.toISOString(),
    reporterName,
    resolution: report.resolution ?? 'dismissed',
    resolvedBy: report.resolvedBy ? (resolverName ?? 'a former administrator') : null,
    resolvedAt: report.resolvedAt!.toISOString(),
  }))
}
