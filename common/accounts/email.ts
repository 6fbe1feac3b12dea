/** Profiles, lists and messages are keyed by the lower-cased e-mail, so one address is one key whatever its case. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase()
}
