// What a message may be: plain text of a bounded length, sent with the client's own transaction id
// so a retried send is recognised. Shared by the socket, the HTTP endpoints and the page.
import { z } from 'zod'

export const DIRECT_MESSAGE_MAX_LENGTH = 4000
export const ROOM_MESSAGE_MAX_LENGTH = 2000
export const REPORT_REASON_MAX_LENGTH = 500

const messageBody = (max: number) =>
  z
    .string({ error: 'Write a message first.' })
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

export const reportSchema = z.object({
  reason: z
    .string({ error: 'Say what is wrong with this message.' })
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
  reason: z.string().trim().max(REPORT_REASON_MAX_LENGTH).default(''),
})
