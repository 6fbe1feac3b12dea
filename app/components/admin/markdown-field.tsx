// The Markdown editor: a textarea and, beside it (under it on a phone), the text as visitors will see
// it. The pane shows what the server rendered and sanitised: on load, after the form's "Preview"
// button (without JavaScript), and, with JavaScript, a moment after the administrator stops typing.
// A lease template's pane shows the template filled in with an example lease, titled by the form's title.
import { useEffect, useRef, useState, type ReactNode } from 'react'
import type { ContentKind } from '#common/content/vocabulary.ts'
import { ADMIN_PREVIEW_PATH, type PreviewAnswer } from '#common/content/admin-types.ts'
import { MarkdownBody, type MarkdownLook } from '#app/components/content/markdown-body.tsx'
import { TextField } from '#app/components/ui/text-field.tsx'
import type { FieldErrorInput } from '#app/components/ui/field-ids.ts'

const PREVIEW_DELAY_MS = 400

export function MarkdownField({
  name,
  label,
  defaultValue,
  error,
  hint,
  previewHtml,
  previewLook,
  previewKind,
  previewClassName = '',
  aside,
}: {
  name: string
  label: string
  defaultValue: string
  error?: FieldErrorInput
  hint?: string
  /** What the server rendered last (on load, or after the Preview button). */
  previewHtml: string
  /** The look of the page the text is shown on. */
  previewLook: MarkdownLook
  /** The kind of item, when its preview is not plain Markdown (a lease template). */
  previewKind?: ContentKind
  previewClassName?: string
  /** Shown under the text field, beside the preview (a lease template's list of fields). */
  aside?: ReactNode
}) {
  const [html, setHtml] = useState(previewHtml)
  const [state, setState] = useState<'idle' | 'updating' | 'failed'>('idle')
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const pending = useRef<AbortController | null>(null)

  // A new page or a server-side preview replaces the pane.
  useEffect(() => setHtml(previewHtml), [previewHtml])
  useEffect(
    () => () => {
      clearTimeout(timer.current)
      pending.current?.abort()
    },
    [],
  )

  function schedulePreview(markdown: string, form: HTMLFormElement | null) {
    clearTimeout(timer.current)
    timer.current = setTimeout(async () => {
      pending.current?.abort()
      const controller = new AbortController()
      pending.current = controller
      setState('updating')
      try {
        const body = new FormData()
        body.set('markdown', markdown)
        if (previewKind) {
          body.set('kind', previewKind)
          const title = form?.elements.namedItem('title')
          if (title instanceof HTMLInputElement) body.set('title', title.value)
        }
        const response = await fetch(ADMIN_PREVIEW_PATH, { method: 'POST', body, signal: controller.signal })
        const answer = (await response.json()) as PreviewAnswer
        if (!('html' in answer)) throw new Error(answer.message)
        setHtml(answer.html)
        setState('idle')
      } catch (failure) {
        if (!controller.signal.aborted) setState(failure instanceof Error && failure.name === 'AbortError' ? 'idle' : 'failed')
      }
    }, PREVIEW_DELAY_MS)
  }

  const paneId = `preview-${name}`
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <div className="min-w-0 space-y-4">
        <TextField
          multiline
          label={label}
          name={name}
          error={error}
          hint={hint}
          defaultValue={defaultValue}
          rows={18}
          className="font-mono text-sm"
          spellCheck
          onChange={(event) => schedulePreview(event.currentTarget.value, event.currentTarget.form)}
        />
        {aside}
      </div>
      <section aria-labelledby={`${paneId}-title`} className="min-w-0">
        <div className="flex items-baseline justify-between gap-3">
          <h2 id={`${paneId}-title`} className="text-sm font-semibold text-ink">
            Preview
          </h2>
          <p role="status" className="text-sm text-ink-soft">
            {state === 'updating' ? 'Updating…' : state === 'failed' ? 'The preview could not be updated; use the Preview button.' : ''}
          </p>
        </div>
        <MarkdownBody
          id={paneId}
          data-testid="markdown-preview"
          look={previewLook}
          className={`mt-1.5 min-h-40 rounded-lg border border-gray-300 bg-white px-4 py-3 break-words ${previewClassName}`}
          html={html || '<p><em>Nothing to preview yet.</em></p>'}
        />
      </section>
    </div>
  )
}
