// What a message may be: plain text of a bounded length, sent with the client's own transaction id
// so a retried send is recognised. Shared by the socket, the HTTP endpoints and the page.
import { z } from 'zod'
import { plainText } from '#common/plain-text.ts'
import { MAX_INT32 } from '#common/limits.ts'

export const DIRECT_MESSAGE_MAX_LENGTH = 4000
export const ROOM_MESSAGE_MAX_LENGTH = 2000
export const REPORT_REASON_MAX_LENGTH = 500

const messageBody = (max: number) =>
  plainText('A message', { error: 'Write a message first.' })
    .transform((value) => value.trim())
    .pipe(
      z
        .string()
        .min(1, { error: 'Write a message first.' })
        .max(max, { error: `A message can have at most ${max.toLocaleString('en-US')} characters.` }),
    )

/** A client transaction id: made by the sending tab (a UUID, say), unique per message it sends. */
export const clientTxnIdSchema = z
  .string({ error: 'The message has no transaction id.' })
  .regex(/^[A-Za-z0-9_-]{8,64}$/, { error: 'The transaction id must be 8–64 letters, digits, - or _.' })

export const directMessageSchema = z.object({
  body: messageBody(DIRECT_MESSAGE_MAX_LENGTH),
  clientTxnId: clientTxnIdSchema,
})

export const roomMessageSchema = z.object({
  body: messageBody(ROOM_MESSAGE_MAX_LENGTH),
  clientTxnId: clientTxnIdSchema,
})

/** A change to the words of a message already sent: the same rules as sending it. */
export const editDirectMessageSchema = z.object({ body: messageBody(DIRECT_MESSAGE_MAX_LENGTH) })
export const editRoomMessageSchema = z.object({ body: messageBody(ROOM_MESSAGE_MAX_LENGTH) })

export const reportSchema = z.object({
  reason: plainText('A reason', { error: 'Say what is wrong with this message.' })
    .transform((value) => value.trim())
    .pipe(
      z
        .string()
        .min(3, { error: 'Say what is wrong with this message.' })
        .max(REPORT_REASON_MAX_LENGTH, { error: `A reason can have at most ${REPORT_REASON_MAX_LENGTH} characters.` }),
    ),
})

export const MUTE_CHOICES_MINUTES = [15, 60, 24 * 60, 7 * 24 * 60] as const

export const muteSchema = z.object({
  minutes: z.coerce
    .number({ error: 'Choose how long to mute for.' })
    .refine((n) => (MUTE_CHOICES_MINUTES as readonly number[]).includes(n), { error: 'Choose one of the offered mute periods.' }),
  reason: plainText('A reason').trim().max(REPORT_REASON_MAX_LENGTH).default(''),
})

/** Someone named by their user id (to write to, block or mute): text PostgreSQL can compare. */
export const userIdSchema = (error = 'Say who.') => plainText('The user id', { error }).min(1, { error })

/**
 * A message's number in its conversation or the room (`before`, `after`, `throughSeq`): the `seq`
 * columns are `integer`, so a larger number is refused here rather than by the database.
 */
export const seqSchema = (name: string, { min = 1 }: { min?: number } = {}) =>
  z.coerce
    .number({ error: `${name} must be a message number.` })
    .int({ error: `${name} must be a message number.` })
    .min(min, { error: `${name} must be a message number.` })
    .max(MAX_INT32, { error: `${name} must be a message number of at most ${MAX_INT32}.` })
