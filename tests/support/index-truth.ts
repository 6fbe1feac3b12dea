// The true index of a Cooper Index market, for tests that check published series against the paths their rents
// were drawn from: a city's is its path; an aggregate's (the nation's, a state's) is defined as the published one is.

/** Months since January 2000 of a `YYYY-MM-01` date. */
export const monthIndex = (month: string) => (Number(month.slice(0, 4)) - 2000) * 12 + Number(month.slice(5, 7)) - 1

/** A true log index by month (months since January 2000), undefined outside its path. */
export type TruthPath = (month: number) => number | undefined

/**
 * An aggregate's truth, as server/cooper-index/aggregate.server.ts defines the published one: each city's true index
 * on its own base period (`baseStart`..`baseEnd`, as its market row gives them), chained month to month by
 * Σ homes × index over the cities with a truth in both months, up to `lastMonth`.
 */
export function aggregatePath(
  parts: readonly { key: string; homes: number }[],
  cities: ReadonlyMap<string, { path: TruthPath; row: { baseStart: string | null; baseEnd: string | null } }>,
  lastMonth: number,
): TruthPath {
  const members = parts.map(({ key, homes }) => {
    const { path, row } = cities.get(key)!
    const base = Array.from({ length: monthIndex(row.baseEnd!) - monthIndex(row.baseStart!) + 1 }, (_, k) =>
      path(monthIndex(row.baseStart!) + k)!,
    )
    const mean = base.reduce((sum, value) => sum + value, 0) / base.length
    return {
      homes,
      index: (month: number) => {
        const log = path(month)
        return log === undefined ? undefined : Math.exp(log - mean)
      },
    }
  })
  const levels = new Map<number, number>()
  for (let month = lastMonth - 240; month <= lastMonth; month++) {
    let now = 0
    let before = 0
    for (const { homes, index } of members) {
      const [a, b] = [index(month), index(month - 1)]
      if (a !== undefined && b !== undefined) {
        now += homes * a
        before += homes * b
      }
    }
    if (levels.size === 0 && members.some(({ index }) => index(month) !== undefined)) levels.set(month, 0)
    else if (before > 0) levels.set(month, levels.get(month - 1)! + Math.log(now / before))
  }
  return (month) => levels.get(month)
}
