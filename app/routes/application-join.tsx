// /applications/join/:token: the page an invitation mail links to. A visitor is asked to log in or
// create an account first (and comes back here); signed in, they see the home and who invites them, and
// join with their own application, or what their application still lacks. The work is in
// application-join.server.ts.
import { Form, Link, useNavigation } from 'react-router'
import type { Route } from './+types/application-join'
import { appContext } from '#server/http/app-context.server.ts'
import { PageHeader } from '#app/components/page-header.tsx'
import { Button, PendingNote } from '#app/components/ui/button.tsx'
import { ErrorSummary } from '#app/components/ui/error-summary.tsx'
import { pageMeta } from '#app/utils/meta.ts'
import { joinAction, joinPage } from './application-join.server.ts'

export function meta() {
  return [...pageMeta('Join an application', 'Apply for a home together.'), { name: 'robots', content: 'noindex' }]
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  return joinPage(context.get(appContext).services, request, params.token)
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return joinAction(context.get(appContext).services, request, params.token)
}

const linkClass = 'font-semibold text-brand-700 underline underline-offset-2'

export default function JoinApplication({ loaderData, actionData }: Route.ComponentProps) {
  const { invite, redirectTo } = loaderData
  const navigation = useNavigation()
  const isSending = navigation.state !== 'idle' && navigation.formMethod === 'POST'
  const back = encodeURIComponent(redirectTo)
  const viewer = invite.viewer
  return (
    <div className="max-w-2xl space-y-6">
      <PageHeader kicker={`${invite.invitedBy} invites you to apply with them`} title={invite.home}>
        <p>{invite.address}</p>
      </PageHeader>
      <p className="text-ink">
        Each adult who will live in the home applies with their own Cooper Home account. Joining sends the landlord your own reusable
        application beside {invite.invitedBy}’s, and your income counts in the household’s.
      </p>
      {viewer === null ? (
        <div className="space-y-3 rounded-xl border border-gray-200 bg-white p-4">
          <h2 className="text-xl font-semibold text-ink">Log in or create an account to join</h2>
          <p className="text-ink">Use the e-mail address the invitation was sent to.</p>
          <p className="flex flex-wrap gap-4">
            <Link to={`/login?redirectTo=${back}`} className={linkClass}>
              Log in
            </Link>
            <Link to={`/register?redirectTo=${back}`} className={linkClass}>
              Create an account
            </Link>
          </p>
        </div>
      ) : !viewer.isAddressee ? (
        <p role="alert" className="rounded-lg border border-red-700 bg-red-50 p-4 text-ink">
          This invitation was sent to another e-mail address. Log out and log in with the address it was sent to.
        </p>
      ) : viewer.missing === null || viewer.missing.length > 0 ? (
        <div className="space-y-3 rounded-xl border border-sun-500 bg-sun-100 p-4 text-ink">
          <h2 className="text-xl font-semibold">Complete your own application first</h2>
          {viewer.missing === null ? (
            <p>You have not filled in your reusable application yet: the landlord reads it beside {invite.invitedBy}’s.</p>
          ) : (
            <>
              <p>Your reusable application still lacks:</p>
              <ul className="list-disc pl-5">
                {viewer.missing.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            </>
          )}
          <p>
            <Link to="/userprofile/application" className={linkClass}>
              Fill in your application
            </Link>
            , then come back to this page from the invitation’s link.
          </p>
        </div>
      ) : (
        <Form method="post" className="space-y-3">
          <ErrorSummary problems={actionData?.formError ? [{ message: actionData.formError }] : []} title="You have not joined yet" />
          <div className="flex flex-wrap items-center gap-3">
            <Button disabled={isSending}>Join this application</Button>
            {isSending ? <PendingNote>Joining…</PendingNote> : null}
          </div>
          <p className="text-sm text-ink-soft">
            The landlord and {invite.invitedBy} will see your application as it is now; later changes to it are not sent.
          </p>
        </Form>
      )}
    </div>
  )
}
