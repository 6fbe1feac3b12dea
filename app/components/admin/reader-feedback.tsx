// What readers answered to "Was this helpful?" under an article, with their comments, for the
// administrators who keep it. Comments are shown as text (React escapes them).
import { utcTime, type ArticleFeedback } from '#common/content/admin-types.ts'

export function ReaderFeedback({ feedback }: { feedback: ArticleFeedback }) {
  const total = feedback.helpful + feedback.notHelpful
  return (
    <section aria-labelledby="feedback-title" className="rounded-lg border border-gray-200 bg-white p-4">
      <h2 id="feedback-title" className="text-lg font-bold text-ink">
        What readers said
      </h2>
      {total === 0 ? (
        <p className="mt-1 text-ink-soft">No reader has answered “Was this helpful?” yet.</p>
      ) : (
        <p className="mt-1 text-ink">
          {feedback.helpful} found it helpful, {feedback.notHelpful} did not.
        </p>
      )}
      {feedback.comments.length > 0 ? (
        <ul className="mt-3 space-y-2">
          {feedback.comments.map((comment, index) => (
            <li key={index} className="rounded border border-gray-200 px-3 py-2 text-sm text-ink">
              <p className="font-semibold">
                {comment.helpful ? 'Helpful' : 'Not helpful'} · {utcTime(comment.at)}
              </p>
              <p className="mt-1 break-words whitespace-pre-line">{comment.comment}</p>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  )
}
