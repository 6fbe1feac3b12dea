// The frame as the server renders it, before any script runs: what a visitor or a search engine gets.
import { renderToString } from 'react-dom/server'
import { createRoutesStub } from 'react-router'
import { describe, expect, it } from 'vitest'
import { navLinks, socialLinks } from '#common/site-config.ts'
import type { SessionUser } from '#common/accounts/session-user.ts'
import { ToastProvider } from '#app/utils/toast.tsx'
import { SiteFrame, anonymousFrame, type FrameData } from './site-frame.tsx'

const alex: SessionUser = {
  email: 'alex.morgan@example.com',
  displayName: 'Alex Morgan',
  photoURL: '',
  role: 'renter',
  setList: false,
  status: 'active',
  avatar: '/media/avatars/alex.webp',
  isAdmin: false,
}

function render(data: FrameData, path = '/') {
  const Stub = createRoutesStub([
    {
      path: '*',
      Component: () => (
        <SiteFrame data={data}>
          <h1>Page body</h1>
        </SiteFrame>
      ),
    },
  ])
  return renderToString(
    <ToastProvider>
      <Stub initialEntries={[path]} />
    </ToastProvider>,
  )
}

/** The HTML of the first element that starts with `start`, up to its matching `</tag>`. */
function element(html: string, start: string): string {
  const from = html.indexOf(start)
  expect(from, `no element starting with ${start}`).toBeGreaterThanOrEqual(0)
  const tag = /^<([a-z]+)/.exec(start)![1]!
  let depth = 0
  const pattern = new RegExp(`<${tag}[\\s>]|</${tag}>`, 'g')
  pattern.lastIndex = from
  for (let match = pattern.exec(html); match; match = pattern.exec(html)) {
    depth += match[0].startsWith('</') ? -1 : 1
    if (depth === 0) return html.slice(from, match.index + match[0].length)
  }
  throw new Error(`unclosed ${start}`)
}

/** The HTML of the first link to `href`. */
function link(html: string, href: string): string {
  const start = new RegExp(`<a [^>]*href="${href}"[^>]*>`).exec(html)
  expect(start, `no link to ${href}`).not.toBeNull()
  return element(html.slice(start!.index), '<a ')
}

const text = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()

describe('the page frame', () => {
  it('puts skip link, contact strip, navigation, page, and footer in that order', () => {
    const html = render(anonymousFrame)
    const order = [
      '>Skip to content</a>',
      '<section aria-label="Contact"',
      '<header',
      '<nav aria-label="Main"',
      '<main id="main"',
      'Page body',
      '<footer',
    ]
    const positions = order.map((marker) => html.indexOf(marker))
    expect(positions.every((p) => p >= 0)).toBe(true)
    expect([...positions].sort((a, b) => a - b)).toEqual(positions)
    expect(html).toContain('href="#main"')
  })

  it('shows the address, a tel: link and a mailto: link in the contact region', () => {
    const strip = element(render(anonymousFrame), '<section aria-label="Contact"')
    expect(text(strip)).toContain('221 Market Street, Suite 400, Wilmington, DE 19801, USA')
    expect(strip).toContain('href="tel:+13025550142"')
    expect(strip).toContain('href="mailto:hello@cooperhome.example"')
  })

  it('links the brand home and lists the areas in their fixed order', () => {
    const nav = element(render(anonymousFrame), '<nav aria-label="Main"')
    expect(nav).toMatch(/<a [^>]*href="\/"[^>]*>.*Cooper.*Home/)
    const desktop = element(nav, '<ul')
    const hrefs = [...desktop.matchAll(/href="([^"]+)"/g)].map((m) => m[1])
    expect(hrefs).toEqual(navLinks.map((l) => l.to))
    expect(text(desktop)).toBe('Home Properties Cooper Index Knowledge Base FAQ Terms of Use Chat room')
  })

  it('offers Login and Sign Up to a visitor', () => {
    const nav = element(render(anonymousFrame), '<nav aria-label="Main"')
    expect(nav).toMatch(/href="\/login"[^>]*>Login</)
    expect(nav).toMatch(/href="\/register"[^>]*>Sign Up</)
    expect(nav).not.toContain('Logout')
  })

  it('shows a signed-in user their avatar and name, linking to their profile, and a Logout button', () => {
    const nav = element(render({ ...anonymousFrame, user: alex }), '<nav aria-label="Main"')
    expect(nav).not.toContain('href="/login"')
    expect(nav).toMatch(/href="\/userprofile"[^>]*><img src="\/media\/avatars\/alex.webp" alt="My Profile"/)
    expect(text(link(nav, '/userprofile'))).toBe('Alex Morgan')
    const form = element(nav, '<form')
    expect(form).toMatch(/^<form[^>]*action="\/logout"/)
    expect(form).toMatch(/^<form[^>]*method="post"/)
    expect(form).toMatch(/<button type="submit"[^>]*>Logout<\/button><\/form>$/)
  })

  it('offers administrators, and only them, the way to the admin area beside their avatar', () => {
    const member = element(render({ ...anonymousFrame, user: alex }), '<nav aria-label="Main"')
    expect(member).not.toContain('/admin')
    const admin = element(render({ ...anonymousFrame, user: { ...alex, isAdmin: true } }), '<nav aria-label="Main"')
    expect(text(link(admin, '/admin'))).toBe('Admin')
  })

  it('offers landlords, and only them, the ways to list a home and to their listings', () => {
    const renter = element(render({ ...anonymousFrame, user: alex }), '<nav aria-label="Main"')
    expect(renter).not.toContain('href="/properties/new"')
    expect(renter).not.toContain('href="/my-listings"')
    const landlord = element(render({ ...anonymousFrame, user: { ...alex, role: 'landlord' } }), '<nav aria-label="Main"')
    expect(text(link(landlord, '/properties/new'))).toBe('List a home')
    expect(text(link(landlord, '/my-listings'))).toBe('My listings')
    // The site's own links stay as they are, in their order, before the landlord's.
    expect(landlord.indexOf('href="/chat"')).toBeLessThan(landlord.indexOf('href="/properties/new"'))
  })

  it('leads a renter with saved homes to them, with how many there are', () => {
    const without = element(render({ ...anonymousFrame, user: alex }), '<nav aria-label="Main"')
    expect(without).not.toContain('href="/userprofile#saved"')
    const nav = element(render({ ...anonymousFrame, user: { ...alex, setList: true }, saved: 3 }), '<nav aria-label="Main"')
    expect(text(link(nav, '/userprofile#saved'))).toBe('Saved homes 3')
    expect(link(nav, '/userprofile#saved')).toMatch(/<span data-saved-count=""[^>]*>3<\/span>/)
    // A list emptied again still has its way back, with its count of none.
    const emptied = element(render({ ...anonymousFrame, user: { ...alex, setList: true }, saved: 0 }), '<nav aria-label="Main"')
    expect(link(emptied, '/userprofile#saved')).toMatch(/>0<\/span>/)
  })

  it('shows the e-mail when there is no display name, and the initial when there is no avatar', () => {
    const nav = element(render({ ...anonymousFrame, user: { ...alex, displayName: '', avatar: '' } }), '<nav aria-label="Main"')
    expect(nav).toMatch(/<span role="img" aria-label="My Profile"[^>]*><span aria-hidden="true">A<\/span><\/span>/)
    expect(nav).toContain('>alex.morgan@example.com</span>')
  })

  it('marks the current page in the navigation', () => {
    const nav = element(render(anonymousFrame, '/knowledge/spotting-rental-scams'), '<nav aria-label="Main"')
    expect(nav).toMatch(/aria-current="page"[^>]*href="\/knowledge"|href="\/knowledge"[^>]*aria-current="page"/)
    expect(nav).not.toMatch(/aria-current="page"[^>]*href="\/"|href="\/"[^>]*aria-current="page"/)
    expect(nav.match(/aria-current="page"/g)).toHaveLength(1)
  })

  it('badges the Chat room link with the unread count, capped at 99+, and hides it at 0', () => {
    const chatLink = (unread: number) => {
      const nav = element(render({ ...anonymousFrame, user: alex, unread }), '<nav aria-label="Main"')
      return element(nav.slice(nav.indexOf('<a', nav.indexOf('<ul'))).replace(/^[\s\S]*?(<a[^>]*href="\/chat")/, '$1'), '<a')
    }
    expect(text(chatLink(0))).toBe('Chat room')
    expect(text(chatLink(3))).toBe('Chat room 3 (3 unread messages)')
    expect(text(chatLink(1))).toBe('Chat room 1 (1 unread message)')
    expect(text(chatLink(150))).toBe('Chat room 99+ (More than 99 unread messages)')
  })

  it('has a Menu toggle for small screens that controls the collapsed list', () => {
    const nav = element(render(anonymousFrame), '<nav aria-label="Main"')
    const toggle = element(nav, '<button type="button"')
    expect(text(toggle)).toBe('Menu')
    // Closed until opened.
    expect(toggle).toMatch(/^<button [^>]*aria-expanded="false"/)
    const controls = /^<button [^>]*aria-controls="([^"]+)"/.exec(toggle)?.[1]
    expect(controls).toBeTruthy()
    const list = element(nav, `<div id="${controls}"`)
    expect([...list.matchAll(/href="([^"]+)"/g)].map((m) => m[1])).toEqual([...navLinks.map((l) => l.to), '/login', '/register'])
  })

  it('repeats the navigation in the footer with the community entries, contact details and copyright', () => {
    const footer = element(render(anonymousFrame), '<footer')
    const footerNav = element(footer, '<nav aria-label="Footer"')
    for (const link of navLinks) expect(footerNav).toContain(`href="${link.to}"`)
    expect(text(footerNav)).toContain('Chat Room Join our community chat')
    expect(text(footerNav)).toContain('FAQ Frequently Asked Questions')
    expect(footer).toContain('href="tel:+13025550142"')
    expect(footer).toContain('href="mailto:hello@cooperhome.example"')
    expect(text(footer)).toContain('Wilmington, DE 19801, USA')
    expect(text(footer)).toContain('© 2025 Cooper Home')
    expect(text(footer)).toContain('Recent posts')
  })

  it('shows the social links with visible labels, pointing nowhere until configured', () => {
    const unset = element(render(anonymousFrame), '<footer')
    expect(unset).toMatch(/href="#"[^>]*>Facebook</)
    expect(unset).toMatch(/href="#"[^>]*>Instagram</)
    const social = socialLinks({ facebook: 'https://facebook.com/cooperhome' })
    const set = element(render({ ...anonymousFrame, social }), '<footer')
    expect(set).toMatch(/href="https:\/\/facebook.com\/cooperhome"[^>]*>Facebook</)
  })

  it('renders no scroll-to-top button before the page is scrolled', () => {
    expect(render(anonymousFrame)).not.toContain('Scroll to top')
  })

  it('shows a flash message to visitors without JavaScript too', () => {
    const html = render({ ...anonymousFrame, toast: { id: 't1', type: 'success', message: 'You are signed out.' } })
    expect(element(html, '<noscript>')).toContain('You are signed out.')
    expect(render(anonymousFrame)).not.toContain('<noscript>')
  })
})
