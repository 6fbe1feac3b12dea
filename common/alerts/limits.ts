// The lengths the saved searches' forms and their table agree on.

/** The longest name a saved search may have (the table's check says the same). */
export const MAX_SAVED_SEARCH_NAME = 80
