// The sticky navigation bar (docs/product.md#navigation): brand, the site's areas, and Login / Sign Up or the signed-in
// user with Logout (and, for landlords, List a home and My listings; for administrators, Admin). Wide screens show everything in one row; narrow ones fold it behind "Menu".
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { Form, Link, NavLink, useLocation } from 'react-router'
import { Avatar } from '#app/components/avatar.tsx'
import { BrandName } from '#app/components/brand.tsx'
import { Container } from '#app/components/container.tsx'
import { CloseIcon, MenuIcon } from '#app/components/icons.tsx'
import { useUnreadCount } from '#app/realtime/provider.tsx'
import { navLinks } from '#common/site-config.ts'
import { listsHomes } from '#common/accounts/roles.ts'
import { nameOf, type SessionUser } from '#common/accounts/session-user.ts'
import { AlertsLink } from './alerts-link.tsx'
import { UnreadBadge } from './unread-badge.tsx'

export const MOBILE_MENU_ID = 'mobile-menu'

type NavProps = { user: SessionUser | null; unread: number; saved: number; /** The signed-in user's unread alerts. */ alerts?: number }

// One set of links serves both layouts: a row from lg up, a panel behind "Menu" below it. Only one
// copy in the page keeps "the current page" and every link name unique for assistive technology.
const navLinkClass =
  'flex items-center rounded-md px-3 py-3 text-base font-medium text-ink transition-colors hover:bg-brand-50 hover:text-brand-800 aria-[current=page]:bg-brand-50 aria-[current=page]:font-semibold aria-[current=page]:text-brand-800 lg:inline-flex lg:px-1.5 lg:py-2 lg:text-sm lg:whitespace-nowrap lg:text-ink-soft xl:px-2 2xl:px-3'

export function SiteNav({ user, unread: serverUnread, saved, alerts = 0 }: NavProps) {
  // Live from the socket inside the app; the given figure where there is no socket (tests, errors).
  const unread = useUnreadCount(serverUnread)
  const location = useLocation()
  // The menu stays open only on the page where it was opened, so any navigation closes it.
  const [openAt, setOpenAt] = useState<string | null>(null)
  const isOpen = openAt === location.key
  const toggleRef = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    if (!isOpen) return
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      setOpenAt(null)
      toggleRef.current?.focus()
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [isOpen])

  const close = () => setOpenAt(null)

  return (
    <header className="sticky top-0 z-40 border-b border-gray-200 bg-white/95 shadow-sm backdrop-blur">
      <nav aria-label="Main">
        <Container className="flex h-16 items-center justify-between gap-2 xl:gap-4">
          <Link to="/" className="shrink-0 rounded-md py-1" onClick={close}>
            <BrandName size="text-xl sm:text-2xl lg:text-xl xl:text-2xl" />
          </Link>

          <button
            ref={toggleRef}
            type="button"
            className="inline-flex items-center gap-2 rounded-md border border-gray-300 px-3 py-2 text-sm font-semibold text-ink hover:bg-gray-50 lg:hidden"
            aria-expanded={isOpen}
            aria-controls={MOBILE_MENU_ID}
            onClick={() => setOpenAt(isOpen ? null : location.key)}
          >
            {isOpen ? <CloseIcon className="size-5" /> : <MenuIcon className="size-5" />}
            Menu
            {!isOpen && unread > 0 ? <span aria-hidden="true" className="size-2 rounded-full bg-red-700" /> : null}
          </button>

          <div
            id={MOBILE_MENU_ID}
            className={`${isOpen ? 'block' : 'hidden'} absolute inset-x-0 top-full max-h-[calc(100dvh-4rem)] overflow-y-auto border-y border-gray-200 bg-white px-4 py-3 shadow-lg sm:px-6 lg:static lg:flex lg:min-w-0 lg:flex-1 lg:items-center lg:justify-between lg:gap-2 lg:overflow-visible lg:border-0 lg:bg-transparent lg:p-0 lg:shadow-none`}
          >
            <ul className="grid gap-1 lg:flex lg:flex-1 lg:items-center lg:justify-center lg:gap-0.5">
              {navLinks.map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to} end={link.to === '/'} className={navLinkClass} onClick={close}>
                    {link.label}
                    {link.to === '/chat' ? <UnreadBadge count={unread} /> : null}
                  </NavLink>
                </li>
              ))}
            </ul>
            <div className="mt-3 flex flex-wrap items-center gap-3 border-t border-gray-200 pt-4 lg:mt-0 lg:min-w-0 lg:flex-nowrap lg:gap-1 lg:border-0 lg:pt-0 xl:gap-2">
              <AccountItems user={user} saved={saved} alerts={alerts} onNavigate={close} />
            </div>
          </div>
        </Container>
      </nav>
    </header>
  )
}

function AccountItems({
  user,
  saved,
  alerts,
  onNavigate,
}: {
  user: SessionUser | null
  saved: number
  alerts: number
  onNavigate: () => void
}) {
  const size = 'whitespace-nowrap px-4 py-2.5 text-base lg:px-2 lg:py-2 lg:text-sm xl:px-2.5'
  if (!user) {
    return (
      <>
        <NavLink
          to="/login"
          onClick={onNavigate}
          className={`rounded-md font-semibold text-brand-700 hover:bg-brand-50 hover:text-brand-800 aria-[current=page]:bg-brand-50 ${size}`}
        >
          Login
        </NavLink>
        <NavLink
          to="/register"
          onClick={onNavigate}
          className={`rounded-md bg-brand-600 font-semibold text-white shadow-sm hover:bg-brand-700 ${size}`}
        >
          Sign Up
        </NavLink>
      </>
    )
  }
  const name = nameOf(user)
  return (
    <>
      {user.setList || saved > 0 ? (
        // Once the user has a saved list, a way back to it with how many homes it holds (a plain link:
        // it is a part of My Profile, not a page of its own). On the desktop bar the heart and the count
        // show; the words stay for screen readers and the title.
        <Link
          to="/userprofile#saved"
          title="Saved homes"
          onClick={onNavigate}
          className={`inline-flex items-center gap-1.5 rounded-md font-semibold text-brand-800 hover:bg-brand-50 ${size}`}
        >
          <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="currentColor">
            <path d="M10 17s-6.5-4.1-6.5-8.6A3.6 3.6 0 0 1 10 6a3.6 3.6 0 0 1 6.5 2.4C16.5 12.9 10 17 10 17Z" />
          </svg>
          <span className="lg:sr-only">Saved homes</span>
          <span
            data-saved-count=""
            className="inline-flex min-w-5 items-center justify-center rounded-full bg-brand-100 px-1.5 text-xs leading-5 font-bold text-brand-800 tabular-nums"
          >
            {saved}
          </span>
        </Link>
      ) : null}
      {listsHomes(user.role) ? (
        // A landlord's own work: a new listing, and the listings they have.
        <>
          <LandlordLink to="/properties/new" label="List a home" size={size} onNavigate={onNavigate}>
            <path d="M9.25 3.5h1.5v5.75h5.75v1.5h-5.75v5.75h-1.5v-5.75H3.5v-1.5h5.75V3.5Z" />
          </LandlordLink>
          <LandlordLink to="/my-listings" label="My listings" size={size} onNavigate={onNavigate}>
            <path d="M3 4h2v2H3V4Zm4 .25h10v1.5H7v-1.5ZM3 9h2v2H3V9Zm4 .25h10v1.5H7v-1.5ZM3 14h2v2H3v-2Zm4 .25h10v1.5H7v-1.5Z" />
          </LandlordLink>
        </>
      ) : null}
      {user.isAdmin ? (
        // Administrators reach the operator console (people, listings, reports, audit log, content) from here.
        <NavLink
          to="/admin"
          end={false}
          title="Admin: the operator console"
          onClick={onNavigate}
          className={`inline-flex items-center gap-1.5 rounded-md font-semibold text-brand-800 hover:bg-brand-50 aria-[current=page]:bg-brand-50 ${size}`}
        >
          <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="currentColor">
            <path d="M13.6 2.6a2 2 0 0 1 2.8 2.8l-8.9 8.9-3.8 1 1-3.8 8.9-8.9ZM3 17.5h14v1.5H3v-1.5Z" />
          </svg>
          {/* On the narrowest desktop bar only the icon shows; the word stays for screen readers. */}
          <span className="lg:sr-only xl:not-sr-only xl:whitespace-nowrap">Admin</span>
        </NavLink>
      ) : null}
      <AlertsLink count={alerts} className={size} onNavigate={onNavigate} />
      <NavLink
        to="/userprofile"
        onClick={onNavigate}
        className="flex min-w-0 items-center gap-2 rounded-full py-1 pr-3 pl-1 text-base font-medium text-ink hover:bg-brand-50 aria-[current=page]:bg-brand-50 lg:text-sm"
      >
        <Avatar src={user.avatar} name={name} label="My Profile" />
        <span className="max-w-60 truncate lg:max-w-24 xl:max-w-40">{name}</span>
      </NavLink>
      <Form method="post" action="/logout">
        <button type="submit" className={`rounded-md border border-gray-300 font-semibold text-ink hover:bg-gray-50 ${size}`}>
          Logout
        </button>
      </Form>
    </>
  )
}

/**
 * A link of a landlord's own work, an icon and its words: the words show from 1280 px up; on the
 * narrowest desktop bar (1024–1279 px) only the icon shows (its title on hover), the words staying
 * for screen readers.
 */
function LandlordLink({
  to,
  label,
  size,
  onNavigate,
  children,
}: {
  to: string
  label: string
  size: string
  onNavigate: () => void
  children: ReactNode
}) {
  return (
    <NavLink
      to={to}
      title={label}
      onClick={onNavigate}
      className={`inline-flex items-center gap-1.5 rounded-md font-semibold text-brand-800 hover:bg-brand-50 aria-[current=page]:bg-brand-50 ${size}`}
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="currentColor">
        {children}
      </svg>
      <span className="lg:sr-only xl:not-sr-only xl:whitespace-nowrap">{label}</span>
    </NavLink>
  )
}
