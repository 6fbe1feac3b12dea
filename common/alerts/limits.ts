// The lengths the saved searches' forms and their table agree on.

/** The longest name a saved search may have (the table's check says the same). */
export const MAX_SAVED_SEARCH_NAME = 80

/** Alert e-mails a person gets within an hour, a home each, before the floor gathers the rest. */
export const INSTANT_EMAILS_ONE_BY_ONE = 10

/**
 * Past that many in the hour, the next instant e-mail to the same person waits at least this long
 * after their last: what arrives meanwhile (a bulk import's many homes) goes as one more e-mail.
 */
export const INSTANT_EMAIL_FLOOR_MS = 5 * 60_000

/** What "Instantly" means, in the words the forms that offer it show beside the choice. */
export const INSTANT_FREQUENCY_HINT =
  `Instantly: an e-mail for each home as its news comes, up to ${INSTANT_EMAILS_ONE_BY_ONE} an hour; ` +
  `past that, the rest come together, at most one e-mail every ${INSTANT_EMAIL_FLOOR_MS / 60_000} minutes. ` +
  'Daily and weekly digests come at the hour set in your alert settings.'
