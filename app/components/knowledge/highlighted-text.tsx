import type { HighlightedText as Parts } from '#common/content/knowledge.ts'

/** Text with the words a search matched in <mark>; every part is rendered as text, never as HTML. */
export function HighlightedText({ parts }: { parts: Parts }) {
  return (
    <>
      {parts.map((part, index) =>
        part.isMatch ? (
          <mark key={index} className="rounded-sm bg-sun-100 px-0.5 text-ink">
            {part.text}
          </mark>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  )
}
