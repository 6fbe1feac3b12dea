// The request to landlords with signed leases whose sign-in is still the password alone: turn on
// two-factor sign-in (shown on /my-listings and on the profile).
import { Link } from 'react-router'

export function SecondFactorNotice({ onProfile = false }: { onProfile?: boolean }) {
  return (
    <section aria-labelledby="second-factor-notice-heading" className="rounded-lg border-l-4 border-sun-500 bg-sun-100 p-4 text-ink">
      <h2 id="second-factor-notice-heading" className="font-semibold">
        Protect your leases with two-factor sign-in
      </h2>
      <p className="mt-1 text-sm">
        You have signed leases on Cooper Home, so your account is worth more to someone who steals a password. Add a code from your phone to
        logging in; it takes two minutes.
      </p>
      <p className="mt-2 text-sm">
        <Link to="/userprofile#two-factor" className="font-semibold text-brand-800 underline underline-offset-2">
          {onProfile ? 'Turn on two-factor sign-in below' : 'Turn on two-factor sign-in on your profile'}
        </Link>
      </p>
    </section>
  )
}
