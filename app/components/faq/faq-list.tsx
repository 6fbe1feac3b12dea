// The FAQ as a disclosure list. Rendered on the server with every answer open, so the page reads in
// full without JavaScript; once hydrated, answers close except the one the address names
// (/faq#slug), which opens and scrolls into view, also when the hash changes later. The filter box
// narrows the questions as you type (question and answer text) and announces the count politely;
// without JavaScript it is a plain GET form (?q=) the server filters by.
import { useEffect, useId, useMemo, useState } from 'react'
import { MarkdownBody } from '#app/components/content/markdown-body.tsx'

type FaqListEntry = { slug: string; question: string; answerHtml: string; answerText: string }
type FaqListGroup = { topic: string; label: string; entries: FaqListEntry[] }

/** Every word of the filter appears in the question or the answer, ignoring case. */
function matchesFilter(entry: FaqListEntry, query: string): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean)
  if (words.length === 0) return true
  const text = `${entry.question} ${entry.answerText}`.toLowerCase()
  return words.every((word) => text.includes(word))
}

function slugFromHash(hash: string): string {
  try {
    return decodeURIComponent(hash.replace(/^#/, ''))
  } catch {
    return ''
  }
}

export function FaqList({ groups, initialQuery }: { groups: FaqListGroup[]; initialQuery: string }) {
  const allSlugs = useMemo(() => groups.flatMap((group) => group.entries.map((entry) => entry.slug)), [groups])
  // Everything open until hydration, as the server rendered it.
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set(allSlugs))
  const [query, setQuery] = useState(initialQuery)
  const filterId = useId()

  useEffect(() => {
    const known = new Set(allSlugs)
    function openFromHash(isFirst: boolean) {
      const slug = slugFromHash(window.location.hash)
      const target = known.has(slug) ? slug : null
      setOpen((current) => {
        if (isFirst) return new Set(target ? [target] : [])
        return target ? new Set([...current, target]) : current
      })
      if (!target) return
      // After React has shown the answer: bring the question to the top and give it focus.
      requestAnimationFrame(() => {
        const button = document.getElementById(`${target}-question`)
        button?.scrollIntoView({ block: 'start' })
        button?.focus({ preventScroll: true })
      })
    }
    openFromHash(true)
    const onHashChange = () => openFromHash(false)
    window.addEventListener('hashchange', onHashChange)
    return () => window.removeEventListener('hashchange', onHashChange)
  }, [allSlugs])

  function toggle(slug: string) {
    setOpen((current) => {
      const next = new Set(current)
      if (next.has(slug)) next.delete(slug)
      else next.add(slug)
      return next
    })
  }

  function changeQuery(value: string) {
    setQuery(value)
    // The address keeps the filter, so it can be shared; the page is not loaded again.
    const url = new URL(window.location.href)
    if (value.trim()) url.searchParams.set('q', value)
    else url.searchParams.delete('q')
    window.history.replaceState(window.history.state, '', url)
  }

  const shown = groups
    .map((group) => ({ ...group, entries: group.entries.filter((entry) => matchesFilter(entry, query)) }))
    .filter((group) => group.entries.length > 0)
  const shownCount = shown.reduce((sum, group) => sum + group.entries.length, 0)
  const isFiltering = query.trim() !== ''

  return (
    <div className="mt-8">
      <form method="get" role="search" aria-label="Questions" className="max-w-xl" onSubmit={(event) => event.preventDefault()}>
        <label htmlFor={filterId} className="block text-sm font-semibold text-ink">
          Filter questions
        </label>
        <div className="mt-1 flex gap-2">
          <input
            id={filterId}
            name="q"
            type="search"
            value={query}
            onChange={(event) => changeQuery(event.target.value)}
            aria-describedby={`${filterId}-count`}
            placeholder="e.g. password, deposit, report"
            className="block w-full rounded-lg border border-gray-400 bg-white px-3 py-2 text-ink placeholder:text-gray-500 focus:border-brand-600 focus:ring-2 focus:ring-brand-600 focus:outline-none"
          />
          <noscript>
            <button type="submit" className="rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white">
              Filter
            </button>
          </noscript>
        </div>
        <p id={`${filterId}-count`} role="status" className="mt-2 text-sm text-ink-soft">
          {isFiltering
            ? `${shownCount} of ${allSlugs.length} ${allSlugs.length === 1 ? 'question' : 'questions'} match.`
            : `${allSlugs.length} questions.`}
        </p>
      </form>

      {shownCount === 0 ? (
        <div className="mt-8 rounded-2xl border border-gray-200 bg-white p-6">
          <p className="font-semibold text-ink">No question matches “{query.trim()}”.</p>
          <p className="mt-2 text-ink-soft">Try another word, or clear the filter to see every question.</p>
          <a
            href="/faq"
            onClick={(event) => {
              event.preventDefault()
              changeQuery('')
            }}
            className="mt-4 inline-block rounded-lg border border-gray-400 bg-white px-4 py-2 text-sm font-semibold text-ink hover:bg-gray-50"
          >
            Clear the filter
          </a>
        </div>
      ) : null}

      <div className="mt-8 space-y-10">
        {shown.map((group) => (
          <section key={group.topic} aria-labelledby={`topic-${group.topic}`}>
            <h2 id={`topic-${group.topic}`} className="text-xl font-semibold text-ink">
              {group.label}
            </h2>
            <ul className="mt-4 divide-y divide-gray-200 rounded-2xl border border-gray-200 bg-white">
              {group.entries.map((entry) => {
                const isOpen = open.has(entry.slug)
                return (
                  <li key={entry.slug} id={entry.slug} className="scroll-mt-24">
                    <h3>
                      <button
                        id={`${entry.slug}-question`}
                        type="button"
                        aria-expanded={isOpen}
                        aria-controls={`${entry.slug}-answer`}
                        onClick={() => toggle(entry.slug)}
                        className="flex w-full scroll-mt-24 items-start justify-between gap-4 px-5 py-4 text-left font-semibold text-ink hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-brand-700"
                      >
                        <span>{entry.question}</span>
                        <span
                          aria-hidden="true"
                          className={`mt-0.5 shrink-0 text-brand-700 transition-transform ${isOpen ? 'rotate-180' : ''}`}
                        >
                          ▾
                        </span>
                      </button>
                    </h3>
                    <div id={`${entry.slug}-answer`} hidden={!isOpen} className="px-5 pb-5">
                      <MarkdownBody html={entry.answerHtml} />
                      <p className="mt-3 text-sm">
                        <a href={`#${entry.slug}`} className="text-brand-700 underline underline-offset-2">
                          Link to this answer<span className="sr-only">: {entry.question}</span>
                        </a>
                      </p>
                    </div>
                  </li>
                )
              })}
            </ul>
          </section>
        ))}
      </div>
    </div>
  )
}
