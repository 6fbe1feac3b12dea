// The unread-message badge on the Chat room link: shown above 0, capped at "99+" (docs/product.md#unread-badge).

export const UNREAD_BADGE_CAP = 99

/** The badge's text, or null when there is nothing unread and no badge is shown. */
export function badgeText(count: number): string | null {
  if (!Number.isFinite(count) || count <= 0) return null
  return count > UNREAD_BADGE_CAP ? `${UNREAD_BADGE_CAP}+` : String(Math.floor(count))
}

/** What a screen reader hears for the badge; empty when no badge is shown. */
export function unreadLabel(count: number): string {
  const text = badgeText(count)
  if (text === null) return ''
  if (count > UNREAD_BADGE_CAP) return `More than ${UNREAD_BADGE_CAP} unread messages`
  return text === '1' ? '1 unread message' : `${text} unread messages`
}

/** The page title with the unread count in front while there is any: "(3) Chat room · Cooper Home". */
export function titleWithUnread(title: string, count: number): string {
  const text = badgeText(count)
  const bare = title.replace(/^\(\d+\+?\) /, '')
  return text === null ? bare : `(${text}) ${bare}`
}
