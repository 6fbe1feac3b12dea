// Reviews after a stay as the pages show them: the published rules, a review with its stars and the
// host's answer, the form of each side on the booking page, and the listing's averages with its
// reviews a page at a time (links that work without scripts) and, for administrators, a removal
// naming the broken rule.
import { Form, Link } from 'react-router'
import { DetailSection } from '#app/components/listings/detail/listing-facts.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { RadioGroup } from '#app/components/ui/radio-group.tsx'
import { Select } from '#app/components/ui/select.tsx'
import { TextField } from '#app/components/ui/text-field.tsx'
import type { FieldErrors } from '#common/forms.ts'
import {
  CATEGORY_HINTS,
  CATEGORY_LABELS,
  categoriesOf,
  GUEST_CATEGORIES,
  type ListingReviews,
  MAX_REMOVAL_NOTE,
  MAX_REVIEW_ANSWER,
  MAX_REVIEW_TEXT,
  MIN_REVIEW_TEXT,
  REVIEW_RULES,
  type ReviewSide,
  type ReviewView,
} from '#common/stays/reviews.ts'

const monthYear = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' })
const dayMonthYear = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' })

const starWord = (n: number) => (n === 1 ? 'star' : 'stars')

/** "★ 4.5" read as "4.5 out of 5". */
function Stars({ value }: { value: number }) {
  return (
    <span className="font-semibold whitespace-nowrap text-ink">
      <span aria-hidden="true" className="text-amber-700">
        ★{' '}
      </span>
      {value.toFixed(1)}
      <span className="sr-only"> out of 5</span>
    </span>
  )
}

/** The published rules every review keeps; a removal names one of them. */
export function ReviewRules() {
  return (
    <details id="review-rules" className="rounded-lg border border-gray-200 p-3 text-sm">
      <summary className="cursor-pointer font-semibold text-ink">Review rules</summary>
      <ol className="mt-2 list-decimal space-y-1 pl-5 text-ink">
        {REVIEW_RULES.map((rule) => (
          <li key={rule.key}>
            <span className="font-semibold">{rule.title}.</span> {rule.text}
          </li>
        ))}
      </ol>
      <p className="mt-2 text-ink-soft">
        Guest and host review each other within 14 days of check-out; both reviews publish together, so neither is written in reply to the
        other. A published review is never edited. Administrators remove only a review that breaks a rule above, and say which.
      </p>
    </details>
  )
}

const ruleTitle = (key: string) => REVIEW_RULES.find((r) => r.key === key)?.title ?? key

/** One review: who and when, the stars of its categories, its words, and the host's answer. */
export function ReviewCard({ review, heading, children }: { review: ReviewView; heading: string; children?: React.ReactNode }) {
  if (review.removal) {
    return (
      <article className="rounded-lg border border-gray-200 p-4 text-sm text-ink-soft">
        <h3 className="font-semibold text-ink">{heading}</h3>
        <p className="mt-1">
          Removed by Cooper Home on {dayMonthYear.format(new Date(review.removal.at))} for breaking the rule “
          {ruleTitle(review.removal.rule)}”.
        </p>
      </article>
    )
  }
  return (
    <article className="min-w-0 rounded-lg border border-gray-200 p-4">
      <h3 className="font-semibold text-ink">{heading}</h3>
      <p className="text-sm text-ink-soft">
        Stayed {monthYear.format(new Date(`${review.stayedUntil}T12:00:00Z`))}
        {review.publishedAt ? '' : ' · not yet published'}
      </p>
      <dl className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {Object.entries(review.stars).map(([category, value]) => (
          <div key={category} className="flex gap-1">
            <dt className="text-ink-soft">{CATEGORY_LABELS[category as keyof typeof CATEGORY_LABELS]}</dt>
            <dd className="font-semibold text-ink">
              {value}
              <span className="sr-only"> {starWord(value)} of 5</span>
              <span aria-hidden="true">/5</span>
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 break-words whitespace-pre-line text-ink">{review.text}</p>
      {review.answer ? (
        <div className="mt-3 border-l-4 border-brand-700 pl-3 text-sm">
          <p className="font-semibold text-ink">The host’s answer</p>
          <p className="break-words whitespace-pre-line text-ink">{review.answer.text}</p>
        </div>
      ) : null}
      {children}
    </article>
  )
}

const STAR_OPTIONS = [1, 2, 3, 4, 5].map((n) => ({
  value: n,
  label: (
    <>
      {n}
      <span className="sr-only"> {starWord(n)}</span>
    </>
  ),
}))

/** A side's review of the stay: each category 1 to 5, and the words. */
export function ReviewForm({ side, otherName, errors }: { side: ReviewSide; otherName: string; errors?: FieldErrors }) {
  return (
    <Form method="post" className="max-w-xl space-y-4" aria-labelledby="review-form-title">
      <h3 id="review-form-title" className="text-lg font-semibold text-ink">
        {side === 'guest' ? 'Review your stay' : `Review ${otherName} as a guest`}
      </h3>
      <input type="hidden" name="intent" value="review" />
      {categoriesOf(side).map((category) => (
        <RadioGroup
          key={category}
          name={category}
          legend={CATEGORY_LABELS[category]}
          hint={CATEGORY_HINTS[category]}
          error={errors?.[category]}
          options={STAR_OPTIONS}
          optionsClassName="mt-1 flex flex-wrap gap-x-5 gap-y-2"
        />
      ))}
      <TextField
        label="Your review"
        name="text"
        id="review-text"
        multiline
        rows={5}
        required
        minLength={MIN_REVIEW_TEXT}
        maxLength={MAX_REVIEW_TEXT}
        error={errors?.text}
        hint={`${MIN_REVIEW_TEXT} to ${MAX_REVIEW_TEXT} characters. Published with the other side’s, and never editable once sent.`}
      />
      <Button>Send the review</Button>
    </Form>
  )
}

/** The host's one public answer to the guest's review. */
export function AnswerForm({ reviewId, error }: { reviewId: number; error?: string[] }) {
  return (
    <Form method="post" className="mt-3 max-w-xl space-y-2">
      <input type="hidden" name="intent" value="answer" />
      <input type="hidden" name="reviewId" value={reviewId} />
      <TextField
        label="Answer publicly (once)"
        name="answer"
        id="review-answer"
        multiline
        rows={3}
        required
        maxLength={MAX_REVIEW_ANSWER}
        error={error}
      />
      <Button variant="secondary">Publish the answer</Button>
    </Form>
  )
}

function RemoveForm({ reviewId, action, back }: { reviewId: number; action: string; back: string }) {
  return (
    <details className="mt-3 text-sm">
      <summary className="cursor-pointer font-semibold text-red-800">Remove (administrators)</summary>
      <Form method="post" action={action} className="mt-2 max-w-md space-y-2">
        <input type="hidden" name="reviewId" value={reviewId} />
        <input type="hidden" name="back" value={back} />
        <Select label="The rule it breaks" name="rule" id={`rule-${reviewId}`} required defaultValue="">
          <option value="" disabled>
            Choose a rule
          </option>
          {REVIEW_RULES.map((rule) => (
            <option key={rule.key} value={rule.key}>
              {rule.title}
            </option>
          ))}
        </Select>
        <TextField label="Note for the log" name="note" id={`note-${reviewId}`} maxLength={MAX_REMOVAL_NOTE} />
        <Button variant="danger">Remove the review</Button>
      </Form>
    </details>
  )
}

/** The listing's reviews: averages per category and their count, then a page of reviews, newest first. */
export function ListingReviewsSection({ data, path, isAdmin }: { data: ListingReviews; path: string; isAdmin: boolean }) {
  const pageHref = (page: number) => `${path}${page > 1 ? `?reviews=${page}` : ''}#reviews`
  return (
    <div id="reviews" className="scroll-mt-20">
      <DetailSection id="listing-reviews" title="Guest reviews">
        <div className="space-y-4">
          {data.count === 0 ? (
            <p className="text-ink">No reviews yet. Only guests of a completed stay booked here can review it.</p>
          ) : (
            <>
              <p className="text-lg text-ink">
                <Stars value={data.overall ?? 0} /> overall · {data.count} {data.count === 1 ? 'review' : 'reviews'}
              </p>
              <dl className="grid grid-cols-1 gap-x-6 gap-y-1 sm:grid-cols-2">
                {GUEST_CATEGORIES.map((category) => (
                  <div key={category} className="flex justify-between gap-3 border-b border-gray-100 py-1">
                    <dt className="text-ink">{CATEGORY_LABELS[category]}</dt>
                    <dd>
                      <Stars value={data.averages[category] ?? 0} />
                    </dd>
                  </div>
                ))}
              </dl>
              <ul className="space-y-3">
                {data.reviews.map((review) => (
                  <li key={review.id}>
                    <ReviewCard review={review} heading={review.authorName}>
                      {isAdmin ? <RemoveForm reviewId={review.id} action={`${path}/reviews`} back={pageHref(data.page)} /> : null}
                      {review.removal ? null : (
                        <p className="mt-2 text-sm">
                          <Link to={`${path}/reviews/${review.id}/report`} className="text-ink-soft underline underline-offset-2">
                            Report this review<span className="sr-only"> by {review.authorName}</span>
                          </Link>
                        </p>
                      )}
                    </ReviewCard>
                  </li>
                ))}
              </ul>
              {data.pages > 1 ? (
                <nav aria-label="Review pages" className="flex flex-wrap items-center gap-4">
                  {data.page > 1 ? (
                    <Link to={pageHref(data.page - 1)} className="text-brand-700 underline" preventScrollReset>
                      Newer reviews
                    </Link>
                  ) : null}
                  <span className="text-sm text-ink-soft">
                    Page {data.page} of {data.pages}
                  </span>
                  {data.page < data.pages ? (
                    <Link to={pageHref(data.page + 1)} className="text-brand-700 underline" preventScrollReset>
                      Older reviews
                    </Link>
                  ) : null}
                </nav>
              ) : null}
            </>
          )}
          <ReviewRules />
        </div>
      </DetailSection>
    </div>
  )
}
