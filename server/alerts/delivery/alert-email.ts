// The alert e-mails: a person's instant news (one home, or the several that came at once), and the
// daily or weekly digest of a renter's searches.
// Pure, so their wording is tested without a mailer. Every one carries the RFC 8058 headers of its
// one-click unsubscribe link and, in its text, that link and where to change how often instead.
import type { BelowIndex } from '#common/alerts/types.ts'
import { DIGEST_MOST_HOMES, type AlertKind } from '#common/alerts/vocabulary.ts'
import { formatDollars, formatMonth } from '#common/cooper/figures.ts'
import { listingPath } from '#common/listings/listing-url.ts'

/** A home as an alert tells it: as it stands now, or, once deleted, only its title. */
export type AlertHome = {
  listingId: number
  title: string
  /** Null once the listing is deleted: nothing left to link to. */
  details: { priceCents: number; bedrooms: number; bathroomHalves: number; city: string; state: string } | null
}

/** One alert as a mail tells it: the home, what happened, and the price change or index comparison when there is one. */
export type AlertNews = {
  kind: AlertKind
  home: AlertHome
  fromCents: number | null
  toCents: number | null
  belowIndex: BelowIndex | null
}

export type MailLinks = { unsubscribeUrl: string; frequencyUrl: string }

/** The header fields of one-click unsubscribe (RFC 8058): the link, and that a POST to it is enough. */
export function unsubscribeHeaders(unsubscribeUrl: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
}

const oneDecimal = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 })

function bedroomsWords(bedrooms: number): string {
  if (bedrooms <= 1) return 'studio and 1-bedroom homes'
  if (bedrooms === 2) return '2-bedroom homes'
  return 'homes of 3 bedrooms or more'
}

/**
 * How far below the Cooper Index the home was listed, and with what certainty: "12 % below the
 * typical $2,100 for 2-bedroom homes in Austin, TX (90 % band ±4 %, 312 repeat rents, October 2026);
 * the Cooper Index is not advice".
 */
export function belowIndexSentence(belowIndex: BelowIndex, bedrooms: number): string {
  const band = oneDecimal.format(Math.round(belowIndex.bandHalfWidth * 1000) / 10)
  const pairs = `${belowIndex.pairs.toLocaleString('en-US')} repeat rent${belowIndex.pairs === 1 ? '' : 's'}`
  return (
    `${oneDecimal.format(belowIndex.percentBelow)} % below the typical ${formatDollars(belowIndex.levelCents)} for ` +
    `${bedroomsWords(bedrooms)} in ${belowIndex.marketName} (90 % band ±${band} %, ${pairs}, ${formatMonth(belowIndex.month)}); ` +
    'the Cooper Index is not advice'
  )
}

const bathsText = (halves: number) => `${oneDecimal.format(halves / 2)} ba`

/** What happened, in a few words: "New listing", "Price lowered from $2,200 to $2,050"… */
export function newsLine(news: AlertNews): string {
  const drop =
    news.fromCents !== null && news.toCents !== null ? ` from ${formatDollars(news.fromCents)} to ${formatDollars(news.toCents)}` : ''
  switch (news.kind) {
    case 'new-match':
      return 'New listing'
    case 'match-price-drop':
    case 'saved-price-drop':
      return `Price lowered${drop}`
    case 'saved-leased':
      return 'Leased: no longer available'
    case 'saved-withdrawn':
      return 'Taken off the market'
  }
}

/** A home's lines: title, price and size, place, link, what happened, and the index comparison. */
function homeLines(news: AlertNews, publicUrl: string): string[] {
  const { home } = news
  const lines = [`${home.title}`]
  if (home.details) {
    const d = home.details
    lines.push(`  ${formatDollars(d.priceCents)}/month all in · ${d.bedrooms} bd · ${bathsText(d.bathroomHalves)} · ${d.city}, ${d.state}`)
    lines.push(`  ${publicUrl}${listingPath({ id: home.listingId, title: home.title })}`)
  }
  lines.push(`  ${newsLine(news)}`)
  if (news.belowIndex && home.details) lines.push(`  ${belowIndexSentence(news.belowIndex, home.details.bedrooms)}`)
  return lines
}

function subjectOf(news: AlertNews, searchNames: string[]): string {
  const { title } = news.home
  const price = news.toCents === null ? '' : `, ${formatDollars(news.toCents)}`
  switch (news.kind) {
    case 'new-match':
      return `New home for "${searchNames[0] ?? 'your search'}"${searchNames.length > 1 ? ' and more' : ''}: ${title}${price}`
    case 'match-price-drop':
      return `Price drop: ${title}${price}`
    case 'saved-price-drop':
      return `A home you saved costs less: ${title}${price}`
    case 'saved-leased':
      return `A home you saved was leased: ${title}`
    case 'saved-withdrawn':
      return `A home you saved is off the market: ${title}`
  }
}

const FOOTER = (links: MailLinks, what: string) => [
  '',
  `Change how often you hear of ${what}: ${links.frequencyUrl}`,
  `Unsubscribe from these e-mails in one click: ${links.unsubscribeUrl}`,
  '',
  'Cooper Home',
]

/** The instant e-mail of one alert: one per home and person, naming every saved search it matched. */
export function instantAlertEmail({
  publicUrl,
  news,
  searchNames,
  links,
}: {
  publicUrl: string
  news: AlertNews
  searchNames: string[]
  links: MailLinks
}) {
  const matched =
    searchNames.length > 0
      ? [`It matches your saved search${searchNames.length > 1 ? 'es' : ''} ${searchNames.map((n) => `"${n}"`).join(', ')}.`, '']
      : ['It is on your list of saved homes.', '']
  const text = [
    'Hello,',
    '',
    ...matched,
    ...homeLines(news, publicUrl),
    '',
    `All your alerts: ${publicUrl}/notifications`,
    ...FOOTER(links, searchNames.length > 0 ? 'this search' : 'the homes you saved'),
  ].join('\n')
  return { subject: subjectOf(news, searchNames), text, headers: unsubscribeHeaders(links.unsubscribeUrl) }
}

/** One alert of an instant e-mail: its news and the names of the saved searches it matched (none: a saved home). */
export type InstantItem = { news: AlertNews; searchNames: string[] }

/**
 * A person's instant e-mail: one alert is that home's e-mail (instantAlertEmail); several, those that
 * came since the last e-mail, are listed in order, at most DIGEST_MOST_HOMES, with a link to the rest.
 */
export function instantNewsEmail({ publicUrl, items, links }: { publicUrl: string; items: InstantItem[]; links: MailLinks }) {
  if (items.length === 1) return instantAlertEmail({ publicUrl, ...items[0]!, links })
  const homes = new Set(items.map((item) => item.news.home.listingId)).size
  const isAllNew = items.every((item) => item.news.kind === 'new-match')
  const subject = isAllNew
    ? `${homes.toLocaleString('en-US')} new homes for your saved searches`
    : `News of ${homes.toLocaleString('en-US')} home${homes === 1 ? '' : 's'} you follow`
  const shown = items.slice(0, DIGEST_MOST_HOMES)
  const sections = shown.flatMap((item) => [
    ...homeLines(item.news, publicUrl).map((line) => `- ${line}`.replace(/^- {2}/, '  ')),
    item.searchNames.length > 0
      ? `  For your saved search${item.searchNames.length > 1 ? 'es' : ''} ${item.searchNames.map((n) => `"${n}"`).join(', ')}`
      : '  A home you saved',
    '',
  ])
  const rest = items.length - shown.length
  if (rest > 0) sections.push(`And ${rest.toLocaleString('en-US')} more: ${publicUrl}/notifications`, '')
  const isAboutSearches = items.some((item) => item.searchNames.length > 0)
  const text = [
    'Hello,',
    '',
    isAllNew ? 'New homes for your saved searches:' : 'News of your saved searches and the homes you saved:',
    '',
    ...sections,
    `All your alerts: ${publicUrl}/notifications`,
    ...FOOTER(links, isAboutSearches ? 'these searches' : 'the homes you saved'),
  ].join('\n')
  return { subject, text, headers: unsubscribeHeaders(links.unsubscribeUrl) }
}

/** One group of a digest: a saved search's news (or the saved homes' when `name` is null). */
export type DigestGroup = { name: string | null; news: AlertNews[] }

/**
 * A digest: the groups in order, at most DIGEST_MOST_HOMES homes in all (each home once, under the
 * first group that has it), and a link to the rest.
 */
export function digestEmail({
  publicUrl,
  cadence,
  groups,
  links,
}: {
  publicUrl: string
  cadence: 'daily' | 'weekly'
  groups: DigestGroup[]
  links: MailLinks
}) {
  const told = new Set<number>()
  const total = new Set(groups.flatMap((g) => g.news.map((n) => n.home.listingId))).size
  const sections: string[] = []
  for (const group of groups) {
    const shown = group.news.filter((n) => !told.has(n.home.listingId) && told.size < DIGEST_MOST_HOMES && told.add(n.home.listingId))
    if (shown.length === 0) continue
    sections.push(group.name === null ? 'Homes you saved' : `Your search "${group.name}"`, '')
    for (const news of shown) sections.push(...homeLines(news, publicUrl).map((line) => `- ${line}`.replace(/^- {2}/, '  ')), '')
  }
  const rest = total - told.size
  if (rest > 0) sections.push(`And ${rest.toLocaleString('en-US')} more: ${publicUrl}/notifications`, '')
  const period = cadence === 'daily' ? 'today' : 'this week'
  const subject = `Your ${cadence} alerts: ${total.toLocaleString('en-US')} home${total === 1 ? '' : 's'}`
  const text = [
    'Hello,',
    '',
    `What is new ${period} for your saved searches and homes:`,
    '',
    ...sections,
    ...FOOTER(links, 'these alerts').slice(1),
  ].join('\n')
  return { subject, text, headers: unsubscribeHeaders(links.unsubscribeUrl) }
}
