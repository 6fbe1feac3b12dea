// Text as people type it, for every schema that takes text. PostgreSQL cannot store the NUL
// character (it fails the whole statement), and nobody types it, so it is refused with a field message.
// Safe for the browser.
import { z } from 'zod'

/** Control characters, line breaks and tabs included: none belongs in a one-line field like a name. */
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/

/** True when the text holds no NUL character, so PostgreSQL can store it. */
export function isPlainText(text: string): boolean {
  return !text.includes('\u0000')
}

/** True when the text is one line without control characters. */
export function isSingleLine(text: string): boolean {
  return !CONTROL_CHARACTERS.test(text)
}

/**
 * A string schema that refuses the NUL character, saying so about `subject` ("Title", "A message").
 * Chain `.trim()`, `.min()`, `.max()` as on any string.
 */
export function plainText(subject: string, { error = `${subject} must be text.` }: { error?: string } = {}) {
  return z.string({ error }).refine(isPlainText, { error: `${subject} cannot contain the NUL character.` })
}
