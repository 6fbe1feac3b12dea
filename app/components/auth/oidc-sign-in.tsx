// "Continue with <provider>": a plain form to the login route's action, which sends the browser on
// to the identity provider. A full page submission, since the answer redirects to another site.
import { Link } from 'react-router'
import { SecondaryButton } from './buttons.tsx'
import { linkClass } from './auth-page.tsx'

export function OidcSignIn({
  providerName,
  redirectTo,
  isSignUp = false,
  divider = 'or use your e-mail',
}: {
  providerName: string
  redirectTo: string
  /** On the sign-up page every use creates an account; on the login page only a first one does. */
  isSignUp?: boolean
  /** The words between this and the next way in. */
  divider?: string
}) {
  return (
    <div className="space-y-6">
      <form method="post" action="/login">
        <input type="hidden" name="intent" value="oidc" />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <SecondaryButton aria-describedby="oidc-terms-note">Continue with {providerName}</SecondaryButton>
        <p id="oidc-terms-note" className="mt-2 text-center text-xs text-ink-soft">
          {isSignUp ? 'By continuing, you accept the' : 'If this creates your Cooper Home account, continuing means you accept the'}{' '}
          <Link to="/terms" className={linkClass}>
            Terms of Use
          </Link>
          .
        </p>
      </form>
      <div className="flex items-center gap-3 text-sm text-ink-soft">
        <span aria-hidden="true" className="h-px flex-1 bg-slate-300" />
        <span>{divider}</span>
        <span aria-hidden="true" className="h-px flex-1 bg-slate-300" />
      </div>
    </div>
  )
}
