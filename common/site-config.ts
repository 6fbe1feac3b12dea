// Brand, contact details and links shown in the page frame (docs/product.md#frame). Social link targets are set
// by SOCIAL_FACEBOOK_URL and SOCIAL_INSTAGRAM_URL; unset, they point nowhere ('#').

export const siteConfig = {
  brand: { first: 'Cooper', second: 'Home' },
  name: 'Cooper Home',
  phone: '+1 (302) 555-0142',
  email: 'hello@cooperhome.example',
  address: '221 Market Street, Suite 400, Wilmington, DE 19801, USA',
  copyrightYear: 2025,
  /**
   * The label of the first Terms of Use (the demo accounts accepted it). The terms themselves are
   * versions in the database; sign-up takes this label only while none is published.
   */
  termsVersion: '2025-01-15',
} as const

export type SocialLink = { label: string; href: string }

export function socialLinks(urls: { facebook?: string; instagram?: string }): SocialLink[] {
  return [
    { label: 'Facebook', href: urls.facebook ?? '#' },
    { label: 'Instagram', href: urls.instagram ?? '#' },
  ]
}

/** A `tel:` target from the displayed phone number. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^+\d]/g, '')}`
}

export type NavLink = { to: string; label: string }

/** The navigation's routes and labels, in order (docs/product.md#navigation). */
export const navLinks: readonly NavLink[] = [
  { to: '/', label: 'Home' },
  { to: '/properties', label: 'Properties' },
  { to: '/cooper', label: 'Cooper Index' },
  { to: '/knowledge', label: 'Knowledge Base' },
  { to: '/faq', label: 'FAQ' },
  { to: '/terms', label: 'Terms of Use' },
  { to: '/chat', label: 'Chat room' },
]
