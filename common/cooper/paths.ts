// Where the Cooper Index lives on the site: its pages, the method article and the CSV downloads.
export const COOPER_PATH = '/cooper'
export const COOPER_METHOD_PATH = '/knowledge/how-the-cooper-index-is-computed'
/** Every series of the current run as CSV. */
export const COOPER_CSV_PATH = '/api/cooper.csv'

export function cooperMarketPath(marketKey: string): string {
  return `${COOPER_PATH}/${marketKey}`
}

/** One market's series (every bedrooms group) as CSV. */
export function cooperMarketCsvPath(marketKey: string): string {
  return `/api/cooper/${marketKey}.csv`
}
