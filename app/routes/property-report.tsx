// /properties/:slug/report: anyone signed in reports a published listing to the administrators: what
// is wrong (from a list) and what they saw; once per person and listing. The work is in
// property-report.server.ts.
import { Form, Link, useNavigation } from 'react-router'
import type { Route } from './+types/property-report'
import { appContext } from '#server/http/app-context.server.ts'
import { PageHeader } from '#app/components/page-header.tsx'
import { Button, PendingNote } from '#app/components/ui/button.tsx'
import { ErrorSummary, problemsOf } from '#app/components/ui/error-summary.tsx'
import { RadioGroup } from '#app/components/ui/radio-group.tsx'
import { TextField } from '#app/components/ui/text-field.tsx'
import { pageMeta } from '#app/utils/meta.ts'
import { LISTING_REPORT_REASONS, REPORT_TEXT_MAX } from '#common/moderation/vocabulary.ts'
import { loadReportListingPage, reportListingAction } from './property-report.server.ts'

export function meta() {
  return [...pageMeta('Report a listing', 'Tell the administrators what is wrong with a listing.'), { name: 'robots', content: 'noindex' }]
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  return loadReportListingPage(context.get(appContext).services, request, params.slug)
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return reportListingAction(context.get(appContext).services, request, params.slug)
}

export default function ReportListing({ loaderData, actionData }: Route.ComponentProps) {
  const { listing, isOwner, hasReported } = loaderData
  const navigation = useNavigation()
  const errors = actionData?.fieldErrors ?? {}
  const values = actionData?.values
  const back = (
    <p>
      <Link to={listing.path} className="font-semibold text-brand-800 underline underline-offset-2">
        <span aria-hidden="true">← </span>Back to the listing
      </Link>
    </p>
  )
  return (
    <div className="max-w-2xl space-y-6">
      <PageHeader kicker="Report a listing" title={listing.title}>
        <p>Administrators read every report. The landlord is not told who reported the listing.</p>
      </PageHeader>
      {isOwner ? (
        <p className="text-ink">This is your own listing: you cannot report it.</p>
      ) : hasReported ? (
        <p role="status" className="rounded-lg border border-brand-300 bg-brand-50 px-4 py-3 text-ink">
          Your report of this listing was already received: an administrator will look at it.
        </p>
      ) : (
        <>
          <ErrorSummary
            problems={problemsOf(errors, ['reason', 'text'], Object.keys(errors).length > 0 ? undefined : actionData?.formError)}
          />
          <Form method="post" noValidate className="space-y-6">
            <RadioGroup
              legend="What is wrong?"
              name="reason"
              id="reason"
              options={LISTING_REPORT_REASONS}
              defaultValue={values?.reason || undefined}
              error={errors.reason}
              optionsClassName="mt-2 space-y-2"
            />
            <TextField
              label="What you saw"
              name="text"
              id="text"
              multiline
              rows={5}
              maxLength={REPORT_TEXT_MAX}
              defaultValue={values?.text ?? ''}
              hint={`Required for "Something else". Up to ${REPORT_TEXT_MAX.toLocaleString('en-US')} characters.`}
              error={errors.text}
            />
            <div className="flex flex-wrap items-center gap-3">
              <Button disabled={navigation.state === 'submitting'}>Send the report</Button>
              {navigation.state === 'submitting' ? <PendingNote>Sending…</PendingNote> : null}
            </div>
          </Form>
        </>
      )}
      {back}
    </div>
  )
}
