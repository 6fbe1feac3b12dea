// The plans a listing search can take, for tests that check every plan gives the same answers: the
// one the index's exact sizes choose, testing every candidate and sorting the matches, walking the
// sort's order to its end, and a walk so short it gives way to testing the candidates after two entries.
import { SEARCH_PLANS as PLANS, type SearchPlanName } from '#server/listings/search/find-listings.server.ts'

export const SEARCH_PLANS = Object.fromEntries(Object.keys(PLANS).map((name) => [name, { plan: name }])) as {
  [Name in SearchPlanName]: { plan: Name }
}

export type { SearchPlanName }

export const SEARCH_PLAN_NAMES = Object.keys(PLANS) as SearchPlanName[]
