// The plans a listing search can take, for tests that check every plan gives the same answers: the
// lookup through the terms, the one through the map area (through every listing's location when the
// search has no area), the walk, a walk so short that it gives way to the lookup after a couple of
// entries, or a few more where the lookup costs more (or, tried first, to a lookup of a couple of
// matches, or of all of them where the terms' shares of the listings promise few; with words, when
// more than three match, first to a walk to the index's end reading at most eight rows), and one that
// may read only a couple of rows to check the words and goes to the index's end without a lookup first.
import { WALK_ENTRIES, type findListings } from '#server/listings/search/find-listings.server.ts'

type PlanOptions = Pick<Parameters<typeof findListings>[1], 'plan' | 'walk'>

const SHORT = { words: 2, filters: 2 }
/** On a few hundred listings, a lookup costs a few thousand entries' worth: the short walk goes on for a few more. */
const SHORT_PAGE = { ...SHORT, shareOfLookup: 0.005, wordsOnPast: 3 }

export const SEARCH_PLANS = {
  lookup: { plan: 'lookup' },
  area: { plan: 'area' },
  walk: { plan: 'walk' },
  'short walk': {
    plan: 'walk',
    walk: {
      page: SHORT_PAGE,
      count: SHORT,
      rowsToRead: 8,
      countFurther: 3,
      lookupBeforeEnd: { most: 2, boundAtMost: Infinity, expectedMargin: 0.3 },
    },
  },
  // …and which never tries a lookup before the walk to the index's end.
  'walk reading two rows': {
    plan: 'walk',
    walk: { ...WALK_ENTRIES, rowsToRead: 2, lookupBeforeEnd: { most: 0, boundAtMost: 0, expectedMargin: Infinity } },
  },
} as const satisfies Record<string, PlanOptions>

export type SearchPlanName = keyof typeof SEARCH_PLANS

export const SEARCH_PLAN_NAMES = Object.keys(SEARCH_PLANS) as SearchPlanName[]
