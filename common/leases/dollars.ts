// Money as people type it on the lease form ("1,850", "$1850.50", "1 850") and back: the form takes
// dollars, the terms keep integer cents. Browser-safe, so the live check and the server read it alike.

/** The message by a money field that is not an amount. */
export const NOT_MONEY = 'Enter an amount in dollars, like 1,850 or 1850.50.'

/**
 * Dollars as typed, as integer cents; null when the text is not an amount of money (letters, a minus
 * sign, more than two decimals, commas in the wrong places). Computed on the digits, never by floating
 * multiplication, so "1,850.50" is exactly 185050.
 */
export function centsOfDollars(typed: string): number | null {
  const cleaned = typed
    .trim()
    .replace(/^\$\s*/, '')
    .replace(/\s/g, '')
  const grouped = /^\d{1,3}(,\d{3})+(\.\d{1,2})?$/.test(cleaned)
  if (!grouped && !/^\d+(\.\d{1,2})?$/.test(cleaned)) return null
  const [whole = '0', fraction = ''] = cleaned.replace(/,/g, '').split('.')
  if (whole.replace(/^0+/, '').length > 9) return null
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'))
}

/** Cents as the form shows them to be edited: "1850", "1850.50". */
export function dollarsOfCents(cents: number): string {
  const whole = Math.floor(cents / 100)
  const rest = cents % 100
  return rest === 0 ? String(whole) : `${whole}.${String(rest).padStart(2, '0')}`
}
