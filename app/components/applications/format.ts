// Applications' figures as people read them: sizes, ratios, months, and instants in a named zone (the
// home's, or UTC) so the server's and the browser's renderings agree.
import type { CriteriaView } from '#common/applications/types.ts'
import type { PetPolicy } from '#common/applications/vocabulary.ts'
import { formatCents, formatDate } from '#app/utils/format.ts'

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
}

const whenFormats = new Map<string, Intl.DateTimeFormat>()

/** "November 29, 2026 at 11:21 AM EST": the instant in the zone given (the home's), with the zone named. */
export function formatWhen(iso: string, timeZone = 'UTC'): string {
  let format = whenFormats.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZone,
      timeZoneName: 'short',
    })
    whenFormats.set(timeZone, format)
  }
  return format.format(new Date(iso))
}

/** "3.2 × the rent", or a dash without a rent to compare with. */
export function formatRatio(ratio: number | null): string {
  return ratio === null ? '—' : `${ratio.toFixed(1)} × the rent`
}

/** "June 2023" for "2023-06". */
export function formatMonth(month: string): string {
  if (!/^\d{4}-\d{2}$/.test(month)) return month
  return new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-15T12:00:00Z`))
}

export const PET_POLICY_TEXT: Record<PetPolicy, string> = {
  none: 'No pets.',
  cats: 'Cats are welcome; no dogs.',
  dogs: 'Dogs are welcome; no cats.',
  cats_and_dogs: 'Cats and dogs are welcome.',
  any: 'Pets are welcome.',
}

/** The criteria as sentences, in the order a renter weighs them. */
export function criteriaSentences(criteria: CriteriaView, rentCents: number | null): { label: string; text: string }[] {
  const lines: { label: string; text: string }[] = []
  if (criteria.incomeMultiple !== null) {
    const needed = rentCents === null ? '' : ` (${formatCents(Math.ceil((rentCents * criteria.incomeMultiple) / 100) * 100)} a month)`
    lines.push({
      label: 'Income',
      text: `The household’s monthly income is at least ${criteria.incomeMultiple} × the rent${needed}. Vouchers and other income count.`,
    })
  } else {
    lines.push({ label: 'Income', text: 'No minimum income.' })
  }
  lines.push({ label: 'Pets', text: PET_POLICY_TEXT[criteria.petPolicy] })
  lines.push({
    label: 'Occupancy',
    text:
      criteria.maxOccupants === null
        ? 'No limit set.'
        : `At most ${criteria.maxOccupants} ${criteria.maxOccupants === 1 ? 'person' : 'people'} in all.`,
  })
  const from = criteria.moveInFrom ? formatDate(criteria.moveInFrom) : null
  const to = criteria.moveInTo ? formatDate(criteria.moveInTo) : null
  lines.push({
    label: 'Move-in',
    text: from && to ? `Between ${from} and ${to}.` : from ? `From ${from}.` : to ? `By ${to}.` : 'Any date.',
  })
  if (criteria.otherRequirements) lines.push({ label: 'Also', text: criteria.otherRequirements })
  return lines
}
