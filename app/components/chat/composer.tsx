// The message box under a thread. Without JavaScript it is a plain form to the page's action; with
// JavaScript, Enter sends (Shift+Enter starts a new line) and the thread shows the message at once.
// It names who will read what is sent: one person, privately, or everyone in the public room, whose
// box is set apart in the room's colour so that a private answer is never posted there by mistake.
import { useRef, useState, type FormEvent, type KeyboardEvent } from 'react'
import { GlobeIcon, LockIcon } from '#app/components/icons.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { FieldError } from '#app/components/ui/field-parts.tsx'

/** Who reads a message sent from the box. */
export type Audience = { kind: 'room' } | { kind: 'direct'; name: string }

/** The box's label and placeholder: "Message Maria Delgado (private)". */
export function audienceLabel(audience: Audience): string {
  return audience.kind === 'room' ? 'Message everyone in the Community room (public)' : `Message ${audience.name} (private)`
}

function AudienceNote({ audience }: { audience: Audience }) {
  if (audience.kind === 'room') {
    return (
      <p id="composer-audience" className="mb-2 flex items-center gap-2 text-sm font-semibold text-ink">
        <GlobeIcon className="size-4 shrink-0 text-sun-500" />
        Public: everyone can read this, including visitors who are not signed in.
      </p>
    )
  }
  return (
    <p id="composer-audience" className="mb-2 flex items-center gap-2 text-sm text-ink-soft">
      <LockIcon className="size-4 shrink-0 text-brand-700" />
      Private: only you and {audience.name} can read this.
    </p>
  )
}

/** The counter appears when fewer than this many characters are left. */
const COUNTER_FROM = 200

export function Composer({
  audience,
  maxLength,
  clientTxnId,
  error,
  defaultValue,
  onSend,
  onTyping,
}: {
  audience: Audience
  maxLength: number
  /** The transaction id of a send without JavaScript. */
  clientTxnId: string
  /** Why the last send without JavaScript was refused. */
  error?: string
  defaultValue?: string
  /** Sends with JavaScript; the composer empties itself once the message is handed over. */
  onSend: (body: string) => void
  onTyping: () => void
}) {
  const [length, setLength] = useState(defaultValue?.length ?? 0)
  const [localError, setLocalError] = useState<string | null>(null)
  const textarea = useRef<HTMLTextAreaElement>(null)
  const shown = localError ?? error
  const left = maxLength - length
  const label = audienceLabel(audience)
  const isRoom = audience.kind === 'room'

  function submit(event?: FormEvent) {
    event?.preventDefault()
    const box = textarea.current
    if (!box) return
    const body = box.value.trim()
    if (!body) {
      setLocalError('Write a message first.')
      return
    }
    if (body.length > maxLength) {
      setLocalError(`A message can have at most ${maxLength.toLocaleString('en-US')} characters.`)
      return
    }
    setLocalError(null)
    onSend(body)
    box.value = ''
    setLength(0)
    box.focus()
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) submit(event)
  }

  return (
    <form
      method="post"
      onSubmit={submit}
      data-audience={audience.kind}
      className={isRoom ? 'rounded-b-2xl border-t-4 border-sun-500 bg-sun-100 p-3' : 'border-t border-gray-200 bg-white p-3'}
    >
      <input type="hidden" name="intent" value="send" />
      <input type="hidden" name="clientTxnId" value={clientTxnId} />
      <label htmlFor="composer-body" className="sr-only">
        {label}
      </label>
      <AudienceNote audience={audience} />
      <div className="flex items-end gap-2">
        <textarea
          ref={textarea}
          id="composer-body"
          name="body"
          rows={2}
          required
          defaultValue={defaultValue}
          placeholder={label}
          aria-invalid={shown ? true : undefined}
          aria-describedby={[
            'composer-audience',
            'composer-hint',
            shown ? 'composer-error' : null,
            left < COUNTER_FROM ? 'composer-counter' : null,
          ]
            .filter(Boolean)
            .join(' ')}
          onKeyDown={onKeyDown}
          onChange={(event) => {
            setLength(event.currentTarget.value.length)
            if (localError) setLocalError(null)
            onTyping()
          }}
          className="block min-h-11 w-full resize-y rounded-lg border border-gray-400 bg-white px-3 py-2 text-ink placeholder:text-gray-600 focus:border-brand-600 aria-[invalid=true]:border-red-700"
        />
        <Button className="shrink-0">Send</Button>
      </div>
      <div className={`mt-1 flex justify-between gap-3 text-xs ${isRoom ? 'text-ink' : 'text-ink-soft'}`}>
        <p id="composer-hint">Enter sends; Shift+Enter starts a new line.</p>
        {left < COUNTER_FROM ? (
          <p id="composer-counter" aria-live="polite" className={left < 0 ? 'font-semibold text-red-800' : ''}>
            {left >= 0 ? `${left.toLocaleString('en-US')} characters left` : `${(-left).toLocaleString('en-US')} characters too many`}
          </p>
        ) : null}
      </div>
      <FieldError id="composer-error" message={shown ?? undefined} />
    </form>
  )
}
