// An article's table of contents: its second- and third-level headings as links to their anchors.
type Heading = { id: string; text: string; level: 2 | 3 }

export function TableOfContents({ headings }: { headings: Heading[] }) {
  if (headings.length < 2) return null
  return (
    <nav aria-labelledby="toc-heading" className="rounded-2xl border border-gray-200 bg-white p-5">
      <h2 id="toc-heading" className="text-sm font-semibold tracking-wider text-ink-soft uppercase">
        On this page
      </h2>
      <ol className="mt-3 space-y-2 text-sm">
        {headings.map((heading) => (
          <li key={heading.id} className={heading.level === 3 ? 'pl-4' : undefined}>
            <a href={`#${heading.id}`} className="text-brand-700 hover:underline">
              {heading.text}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  )
}
