// The body of every account page (inside the frame's <main>): a centred card with the page's <h1>.
import { useEffect, useRef, type ReactNode } from 'react'
import { Link } from 'react-router'

export function AuthPage({
  title,
  intro,
  children,
  footer,
  focusHeading = false,
}: {
  title: string
  intro?: ReactNode
  children: ReactNode
  footer?: ReactNode
  /** Move focus to the heading when the page changes state in place (e.g. after signing up). */
  focusHeading?: boolean
}) {
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    if (focusHeading) heading.current?.focus()
  }, [focusHeading])
  return (
    <div className="mx-auto w-full max-w-md sm:py-4">
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold tracking-tight text-ink focus:outline-none">
          {title}
        </h1>
        {intro ? <div className="mt-2 text-ink-soft">{intro}</div> : null}
        <div className="mt-6 space-y-6">{children}</div>
      </div>
      {footer ? <div className="mt-6 text-center text-sm text-ink-soft">{footer}</div> : null}
    </div>
  )
}

export const linkClass = 'font-semibold text-brand-700 underline decoration-brand-700/40 underline-offset-2 hover:decoration-brand-700'

/**
 * An account page's address carrying where to go afterwards. Forms post to it explicitly: React
 * Router's default action encodes the query differently on the server and in the browser.
 */
export function withRedirectTo(pathname: string, redirectTo: string): string {
  return redirectTo === '/' ? pathname : `${pathname}?${new URLSearchParams({ redirectTo })}`
}

/** The line under an account page's card that leads to its sibling page ("New here? Create an account"). */
export function AuthFooterLink({ question, to, label }: { question: string; to: string; label: string }) {
  return (
    <p>
      {question}{' '}
      <Link to={to} className={linkClass}>
        {label}
      </Link>
    </p>
  )
}

/**
 * A ref for a password field that empties whenever the form's answer changes: a refused password is
 * not shown again, with or without JavaScript.
 */
export function useClearedPassword(answer: unknown) {
  const password = useRef<HTMLInputElement>(null)
  useEffect(() => {
    if (answer && password.current) password.current.value = ''
  }, [answer])
  return password
}
