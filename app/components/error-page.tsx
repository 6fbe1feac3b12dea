// A friendly error page inside the frame: what happened and where to go next, never a stack trace.
import { Link, isRouteErrorResponse } from 'react-router'
import { siteConfig } from '#common/site-config.ts'

type ErrorCopy = { status: number; title: string; message: string }

export function describeError(error: unknown): ErrorCopy {
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) {
      return {
        status: 404,
        title: 'Page not found',
        message: 'We could not find the page you asked for. It may have moved, or the address may be mistyped.',
      }
    }
    if (error.status === 403) {
      return { status: 403, title: 'Not allowed', message: 'Your account does not have access to this page.' }
    }
    if (error.status < 500) {
      return { status: error.status, title: 'That request did not work', message: 'Please check what you entered and try again.' }
    }
  }
  return {
    status: isRouteErrorResponse(error) ? error.status : 500,
    title: 'Something went wrong',
    message: 'An unexpected error stopped this page from loading. Please try again in a moment; if it keeps happening, let us know.',
  }
}

export function ErrorPage({ error, related }: { error: unknown; related?: { to: string; label: string } }) {
  const copy = describeError(error)
  return (
    <div className="mx-auto max-w-2xl py-12 text-center sm:py-20">
      <title>{`${copy.title} · ${siteConfig.name}`}</title>
      <p className="text-sm font-semibold tracking-wider text-brand-700 uppercase">Error {copy.status}</p>
      <h1 className="mt-3 text-3xl font-bold tracking-tight text-ink sm:text-4xl">{copy.title}</h1>
      <p className="mt-4 text-lg leading-7 text-ink-soft">{copy.message}</p>
      <div className="mt-8 flex flex-wrap items-center justify-center gap-3">
        <Link to="/" className="rounded-md bg-brand-600 px-5 py-2.5 font-semibold text-white shadow-sm hover:bg-brand-700">
          Go to the home page
        </Link>
        <Link
          to={related?.to ?? '/properties'}
          className="rounded-md border border-gray-300 bg-white px-5 py-2.5 font-semibold text-ink hover:bg-gray-50"
        >
          {related?.label ?? 'Browse properties'}
        </Link>
      </div>
      <p className="mt-8 text-sm text-ink-soft">
        Need help? Write to{' '}
        <a href={`mailto:${siteConfig.email}`} className="font-medium text-brand-700 underline underline-offset-2">
          {siteConfig.email}
        </a>
        .
      </p>
    </div>
  )
}
