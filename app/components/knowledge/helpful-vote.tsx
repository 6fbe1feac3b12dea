// "Was this helpful?": Yes or No (one answer per visitor; answering again changes it), then an optional
// short comment. Plain forms that post to the article's own action, so they work without JavaScript; with
// it they post in the background and the page stays where it is.
import { useState } from 'react'
import { useActionData, useFetcher } from 'react-router'
import type { FormAnswer } from '#common/forms.ts'
import { TextField } from '#app/components/ui/text-field.tsx'
import { MAX_VOTE_COMMENT_LENGTH } from '#common/content/knowledge.ts'

export type VoteAnswer =
  { ok: true; intent: 'vote'; helpful: boolean } | { ok: true; intent: 'comment'; helpful: boolean; comment: string } | FormAnswer

type Vote = { helpful: boolean; comment: string } | null

export function HelpfulVote({ vote }: { vote: Vote }) {
  const voteFetcher = useFetcher<VoteAnswer>({ key: 'article-vote' })
  const commentFetcher = useFetcher<VoteAnswer>({ key: 'article-vote-comment' })
  const [lastForm, setLastForm] = useState<'vote' | 'comment' | null>(null)
  // Without JavaScript the forms post as pages, and the answer arrives as the page's action data.
  const pageAnswer = useActionData<VoteAnswer>()
  const voteAnswer = voteFetcher.data ?? (pageAnswer && (!pageAnswer.ok || pageAnswer.intent === 'vote') ? pageAnswer : undefined)
  const commentAnswer = commentFetcher.data ?? (pageAnswer?.ok && pageAnswer.intent === 'comment' ? pageAnswer : undefined)
  const answer = lastForm === 'comment' ? commentAnswer : lastForm === 'vote' ? voteAnswer : (pageAnswer ?? undefined)

  const helpful = voteAnswer?.ok ? voteAnswer.helpful : (vote?.helpful ?? null)
  const hasVoted = helpful !== null
  const comment = commentAnswer?.ok && commentAnswer.intent === 'comment' ? commentAnswer.comment : (vote?.comment ?? '')
  const status =
    answer?.ok === true
      ? answer.intent === 'comment'
        ? 'Thank you, your comment was sent to our editors.'
        : 'Thank you for your feedback.'
      : hasVoted
        ? `You answered ${helpful ? 'Yes' : 'No'}. You can change your answer.`
        : ''
  const error = answer && !answer.ok ? answer.formError : undefined
  const commentError = answer && !answer.ok ? answer.fieldErrors.comment : undefined

  return (
    <section aria-labelledby="helpful-heading" className="rounded-2xl border border-gray-200 bg-white p-6">
      <h2 id="helpful-heading" className="text-lg font-semibold text-ink">
        Was this helpful?
      </h2>
      <voteFetcher.Form method="post" className="mt-3 flex gap-3" preventScrollReset onSubmit={() => setLastForm('vote')}>
        <input type="hidden" name="intent" value="vote" />
        {(['yes', 'no'] as const).map((value) => {
          const isChosen = helpful === (value === 'yes')
          return (
            <button
              key={value}
              type="submit"
              name="helpful"
              value={value}
              aria-pressed={isChosen}
              disabled={voteFetcher.state !== 'idle'}
              className={`min-w-20 rounded-lg border px-4 py-2 text-sm font-semibold ${
                isChosen ? 'border-brand-700 bg-brand-700 text-white' : 'border-gray-400 bg-white text-ink hover:bg-gray-50'
              }`}
            >
              {value === 'yes' ? 'Yes' : 'No'}
            </button>
          )
        })}
      </voteFetcher.Form>
      <p role="status" className="mt-3 min-h-6 text-sm text-ink-soft">
        {status}
      </p>
      {error && !commentError ? (
        <p role="alert" className="mt-2 text-sm font-medium text-red-800">
          {error}
        </p>
      ) : null}
      {hasVoted ? (
        <commentFetcher.Form method="post" className="mt-4 space-y-3" preventScrollReset onSubmit={() => setLastForm('comment')}>
          <input type="hidden" name="intent" value="comment" />
          <TextField
            multiline
            label="Anything we should add or explain better? (optional)"
            name="comment"
            rows={3}
            maxLength={MAX_VOTE_COMMENT_LENGTH}
            defaultValue={comment}
            error={commentError}
            hint={`Up to ${MAX_VOTE_COMMENT_LENGTH} characters. Our editors read every comment; please leave out personal details.`}
          />
          <button
            type="submit"
            disabled={commentFetcher.state !== 'idle'}
            className="rounded-lg border border-gray-400 bg-white px-4 py-2 text-sm font-semibold text-ink hover:bg-gray-50"
          >
            Send comment
          </button>
        </commentFetcher.Form>
      ) : null}
    </section>
  )
}
