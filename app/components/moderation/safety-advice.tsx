// The site's safety advice beside a listing's contact box, for renters: what a scam asks for, and the
// way to report the listing (visitors are asked to log in first by the report page itself).
import { Link } from 'react-router'

export function SafetyAdvice({ reportHref }: { reportHref: string | null }) {
  return (
    <aside aria-labelledby="safety-advice-title" className="rounded-2xl border border-gray-200 bg-white p-4 text-sm text-ink shadow-sm">
      <h2 id="safety-advice-title" className="text-base font-bold text-ink">
        Rent safely
      </h2>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        <li>Never pay before you have seen the home and signed a lease.</li>
        <li>Never pay by wire transfer, gift cards or cryptocurrency.</li>
        <li>Meet the landlord, at the home, before you pay anything.</li>
        <li>Keep the conversation on Cooper Home.</li>
      </ul>
      <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1">
        <Link to="/knowledge/spotting-rental-scams" className="font-semibold text-brand-800 underline underline-offset-2">
          Spotting rental scams
        </Link>
        {reportHref ? (
          <Link to={reportHref} className="font-semibold text-red-800 underline underline-offset-2">
            Report this listing
          </Link>
        ) : null}
      </p>
    </aside>
  )
}
