/** Profiles, lists and messages are keyed by the lower-cased e-mail (spec §3, §5). */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase()
}
