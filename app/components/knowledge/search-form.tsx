// The knowledge base's search box: a plain GET form (it works without JavaScript); with JavaScript the
// results follow the typing after a 300 ms pause, replacing the history entry so the URL stays in step
// without a back-button step per keystroke. Enter or the button searches at once as a new entry.
import { useEffect, useRef } from 'react'
import { Form, useLocation, useNavigate } from 'react-router'
import { SearchIcon } from '#app/components/icons.tsx'
import { KNOWLEDGE_PATH, MAX_SEARCH_LENGTH } from '#common/content/knowledge.ts'

const TYPING_PAUSE_MS = 300

export function searchHref(q: string): string {
  const trimmed = q.trim()
  return trimmed ? `${KNOWLEDGE_PATH}?${new URLSearchParams({ q: trimmed })}` : KNOWLEDGE_PATH
}

export function KnowledgeSearchForm({ q, error }: { q: string; error?: string }) {
  const navigate = useNavigate()
  const location = useLocation()
  const inputRef = useRef<HTMLInputElement>(null)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)

  useEffect(() => () => clearTimeout(timer.current), [])

  // Back and forward change the URL without the box: show the URL's words unless someone is typing.
  useEffect(() => {
    const input = inputRef.current
    if (input && document.activeElement !== input) input.value = q
  }, [q, location.key])

  function search(value: string, { replace }: { replace: boolean }) {
    clearTimeout(timer.current)
    void navigate(searchHref(value), { replace, preventScrollReset: true })
  }

  return (
    <Form
      method="get"
      action={KNOWLEDGE_PATH}
      role="search"
      aria-label="Knowledge base"
      onSubmit={(event) => {
        event.preventDefault()
        search(inputRef.current?.value ?? '', { replace: false })
      }}
    >
      <label htmlFor="knowledge-q" className="block text-sm font-semibold text-ink">
        Search the knowledge base
      </label>
      <div className="mt-2 flex flex-col gap-3 sm:flex-row">
        <div className="relative flex-1">
          <SearchIcon className="pointer-events-none absolute top-1/2 left-3.5 size-5 -translate-y-1/2 text-ink-soft" />
          <input
            ref={inputRef}
            id="knowledge-q"
            type="search"
            name="q"
            defaultValue={q}
            maxLength={MAX_SEARCH_LENGTH}
            autoComplete="off"
            placeholder="Deposits, lease, pets, scams…"
            aria-describedby={error ? 'knowledge-q-error knowledge-q-hint' : 'knowledge-q-hint'}
            aria-invalid={error ? true : undefined}
            onChange={(event) => {
              const value = event.currentTarget.value
              clearTimeout(timer.current)
              timer.current = setTimeout(() => search(value, { replace: true }), TYPING_PAUSE_MS)
            }}
            className="w-full rounded-lg border border-gray-400 bg-white py-3 pr-4 pl-11 text-base text-ink placeholder:text-gray-600"
          />
        </div>
        <button type="submit" className="rounded-lg bg-brand-600 px-6 py-3 text-base font-semibold text-white shadow-sm hover:bg-brand-700">
          Search
        </button>
      </div>
      <p id="knowledge-q-hint" className="mt-2 text-sm text-ink-soft">
        Use &quot;quotes&quot; for an exact phrase and a minus sign to leave a word out.
      </p>
      {error ? (
        <p id="knowledge-q-error" className="mt-2 text-sm font-medium text-red-800">
          {error}
        </p>
      ) : null}
    </Form>
  )
}
