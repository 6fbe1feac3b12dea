// /properties/:slug/reviews/:reviewId/report: anyone signed in but its author reports a published stay
// review to the administrators, once, saying what is wrong (the published rules are shown). A visitor
// is asked to log in first.
import { data, Form, Link, useNavigation } from 'react-router'
import type { Route } from './+types/review-report'
import { appContext } from '#server/http/app-context.server.ts'
import { PageHeader } from '#app/components/page-header.tsx'
import { ReviewRules } from '#app/components/stays/reviews.tsx'
import { Button, PendingNote } from '#app/components/ui/button.tsx'
import { ErrorSummary, problemsOf } from '#app/components/ui/error-summary.tsx'
import { TextField } from '#app/components/ui/text-field.tsx'
import { pageMeta } from '#app/utils/meta.ts'
import { parsePositiveId } from '#common/ids.ts'
import { listingIdFromSlug } from '#common/listings/listing-url.ts'
import { REPORT_TEXT_MAX } from '#common/moderation/vocabulary.ts'
import { requireUser } from '#server/accounts/index.server.ts'
import { isAppError } from '#server/errors.server.ts'
import { redirectWithToast } from '#server/http/flash.server.ts'
import { refusalOf } from '#server/http/route-errors.server.ts'
import { reportReview } from '#server/stays/index.server.ts'

export function meta() {
  return [...pageMeta('Report a review', 'Tell the administrators what is wrong with a review.'), { name: 'robots', content: 'noindex' }]
}

function addressOf(params: { slug?: string; reviewId?: string }) {
  const listingId = listingIdFromSlug(params.slug)
  const reviewId = parsePositiveId(params.reviewId ?? '')
  if (listingId === null || reviewId === null) throw data('Not Found', { status: 404 })
  return { listingId, reviewId, back: `/properties/${params.slug}#reviews` }
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireUser(context.get(appContext).services, request)
  return { back: addressOf(params).back }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { services } = context.get(appContext)
  const current = await requireUser(services, request)
  const { reviewId, listingId, back } = addressOf(params)
  const formData = await request.formData()
  const values = { text: typeof formData.get('text') === 'string' ? String(formData.get('text')) : '' }
  try {
    // A review of another listing than the address says is no review here.
    const result = await reportReview(services.database.db, { reporterId: current.userId, reviewId, listingId, input: values })
    return redirectWithToast(back, {
      type: result.created ? 'success' : 'info',
      message: result.created
        ? 'Thank you: your report of the review was received. An administrator will look at it.'
        : 'Your report of this review was already received.',
    })
  } catch (error) {
    if (!isAppError(error)) throw error
    if (error.code === 'not-found') throw data('Not Found', { status: 404 })
    return refusalOf(error, { values })
  }
}

export default function ReportReview({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation()
  const errors = actionData?.fieldErrors ?? {}
  return (
    <div className="max-w-2xl space-y-6">
      <PageHeader kicker="Report a review" title="What is wrong with this review?">
        <p>Administrators read every report and remove a review that breaks one of the published rules.</p>
      </PageHeader>
      <ReviewRules />
      <ErrorSummary problems={problemsOf(errors, ['text'], Object.keys(errors).length > 0 ? undefined : actionData?.formError)} />
      <Form method="post" noValidate className="space-y-6">
        <TextField
          label="What is wrong"
          name="text"
          id="text"
          multiline
          rows={5}
          maxLength={REPORT_TEXT_MAX}
          defaultValue={actionData?.values?.text ?? ''}
          hint={`Which rule it breaks, and how. Up to ${REPORT_TEXT_MAX.toLocaleString('en-US')} characters.`}
          error={errors.text}
        />
        <div className="flex flex-wrap items-center gap-3">
          <Button disabled={navigation.state === 'submitting'}>Send the report</Button>
          {navigation.state === 'submitting' ? <PendingNote>Sending…</PendingNote> : null}
        </div>
      </Form>
      <p>
        <Link to={loaderData.back} className="font-semibold text-brand-800 underline underline-offset-2">
          <span aria-hidden="true">← </span>Back to the reviews
        </Link>
      </p>
    </div>
  )
}
