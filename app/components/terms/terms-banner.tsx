// Shown in the frame to a signed-in user who has not accepted the Terms of Use in force: what
// changed, where to read it, and one button to accept. Reading the site stays open; sending
// messages, posting in the room and publishing listings wait for the acceptance (the server refuses them).
import { Form, Link, useLocation, useNavigation } from 'react-router'
import { MarkdownBody } from '#app/components/content/markdown-body.tsx'
import { formatDate, isoDate } from '#app/utils/format.ts'

export type TermsToAcceptNotice = { label: string; summaryHtml: string; effectiveAt: Date }

export function TermsBanner({ terms }: { terms: TermsToAcceptNotice }) {
  const location = useLocation()
  const navigation = useNavigation()
  const isAccepting = navigation.formAction === '/terms/accept'
  // Back to this page once accepted, so a half-written message is one step away.
  const redirectTo = `${location.pathname}${location.search}`
  return (
    <section
      aria-labelledby="terms-banner-title"
      className="mb-8 rounded-2xl border border-amber-300 bg-amber-50 p-5 text-ink shadow-sm sm:p-6"
    >
      <h2 id="terms-banner-title" className="text-lg font-semibold">
        New Terms of Use
      </h2>
      <p className="mt-2">
        Our Terms of Use changed on <time dateTime={isoDate(terms.effectiveAt)}>{formatDate(terms.effectiveAt)}</time>. What changed:
      </p>
      <MarkdownBody html={terms.summaryHtml} className="mt-2" />
      <p className="mt-2">
        You can keep reading the site. To send messages, post in the chat room or publish listings, please accept the new terms.
      </p>
      <Form method="post" action="/terms/accept" className="mt-4 flex flex-wrap items-center gap-x-5 gap-y-3">
        <input type="hidden" name="label" value={terms.label} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <button
          type="submit"
          disabled={isAccepting}
          className="inline-flex items-center justify-center rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-800 disabled:opacity-60"
        >
          Accept new terms
        </button>
        <Link to="/terms" className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800">
          Read the new terms<span className="sr-only"> (version {terms.label})</span>
        </Link>
      </Form>
    </section>
  )
}
