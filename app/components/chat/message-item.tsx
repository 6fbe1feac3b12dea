// One message of a thread: who wrote it and when, its words (links made clickable), and what the
// reader may do with it. Each action is a plain form behind a disclosure, so it works without
// JavaScript and asks before it deletes.
import { useEffect, useState, type ReactNode } from 'react'
import { Form } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'
import { FieldError, inputClass } from '#app/components/ui/field-parts.tsx'
import { RadioGroup } from '#app/components/ui/radio-group.tsx'
import { TextField } from '#app/components/ui/text-field.tsx'
import { useIsHydrated } from '#app/utils/use-is-hydrated.ts'
import { MUTE_CHOICES_MINUTES, REPORT_REASON_MAX_LENGTH } from '#common/messages/schemas.ts'
import { refusalText } from '#common/forms.ts'
import type { ChatFailure } from '#common/messages/types.ts'
import { MessageText } from './message-text.tsx'
import type { ChatMessage } from './thread-state.ts'

const utcFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'UTC' })

/** The time in UTC on the server and in the reader's own zone once the page runs in their browser. */
export function MessageTime({ iso }: { iso: string }) {
  const [text, setText] = useState(`${utcFormat.format(new Date(iso))} UTC`)
  useEffect(() => {
    setText(
      new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }).format(new Date(iso)),
    )
  }, [iso])
  return (
    <time dateTime={iso} className="text-xs text-ink-soft">
      {text}
    </time>
  )
}

const MUTE_LABELS: Record<(typeof MUTE_CHOICES_MINUTES)[number], string> = {
  15: '15 minutes',
  60: '1 hour',
  1440: '1 day',
  10080: '1 week',
}

const MUTE_OPTIONS = MUTE_CHOICES_MINUTES.map((minutes) => ({ value: minutes, label: MUTE_LABELS[minutes] }))

export type MessagePermissions = { canEdit: boolean; canDelete: boolean; canReport: boolean; canMute: boolean }

/** The periods an administrator may mute someone for, as radio buttons named `minutes` (the first chosen). */
export function MuteDurations({
  personName,
  layout,
  legendClass = 'font-semibold',
}: {
  personName: string
  layout: string
  legendClass?: string
}) {
  return (
    <RadioGroup
      legend={<>Mute {personName} in the room for</>}
      name="minutes"
      options={MUTE_OPTIONS}
      defaultValue={MUTE_CHOICES_MINUTES[0]}
      legendClassName={legendClass}
      optionsClassName={layout}
    />
  )
}

function ActionDisclosure({ label, summary, children, open }: { label: string; summary: string; children: ReactNode; open?: boolean }) {
  return (
    <details className="group text-sm" open={open}>
      <summary
        aria-label={label}
        className="cursor-pointer list-none rounded px-1.5 py-0.5 font-medium text-ink-soft underline-offset-2 hover:text-ink hover:underline"
      >
        {summary}
      </summary>
      <div className="mt-2 w-72 max-w-full rounded-lg border border-gray-200 bg-white p-3 text-ink shadow-md">{children}</div>
    </details>
  )
}

/**
 * The edit form behind its disclosure. Once the page runs, the form (whose box repeats the message's
 * words) exists only while the disclosure is open, so the words are in the page once; before that,
 * and without JavaScript, it is always there for the disclosure to show.
 */
function EditDisclosure({ message, maxLength, error, value }: { message: ChatMessage; maxLength: number; error?: string; value?: string }) {
  const [isOpen, setOpen] = useState(Boolean(error))
  const isHydrated = useIsHydrated()
  const idPrefix = `message-${message.id}`
  return (
    <details className="group text-sm" open={isOpen} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary
        aria-label="Edit your message"
        className="cursor-pointer list-none rounded px-1.5 py-0.5 font-medium text-ink-soft underline-offset-2 hover:text-ink hover:underline"
      >
        Edit
      </summary>
      {isOpen || !isHydrated ? (
        <div className="mt-2 w-72 max-w-full rounded-lg border border-gray-200 bg-white p-3 text-ink shadow-md">
          <Form method="post" className="space-y-2">
            <input type="hidden" name="intent" value="edit" />
            <input type="hidden" name="messageId" value={message.id} />
            <label htmlFor={`${idPrefix}-edit`} className="block font-semibold">
              Change your message
            </label>
            <textarea
              id={`${idPrefix}-edit`}
              name="body"
              rows={3}
              required
              maxLength={maxLength}
              defaultValue={error ? (value ?? message.body) : message.body}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${idPrefix}-edit-error` : undefined}
              className={inputClass}
            />
            <FieldError id={`${idPrefix}-edit-error`} message={error} />
            <Button>Save changes</Button>
          </Form>
        </div>
      ) : null}
    </details>
  )
}

function MessageActions({
  message,
  permissions,
  failure,
  alignEnd,
  maxLength,
}: {
  message: ChatMessage
  permissions: MessagePermissions
  failure?: ChatFailure
  alignEnd: boolean
  maxLength: number
}) {
  const about = `message from ${message.author.name}`
  const editError = failure?.intent === 'edit' ? refusalText(failure) : undefined
  const reportError = failure?.intent === 'report' ? refusalText(failure) : undefined
  const muteError = failure?.intent === 'mute' ? refusalText(failure) : undefined
  const idPrefix = `message-${message.id}`
  return (
    <div className={`mt-1 flex flex-wrap gap-2 ${alignEnd ? 'justify-end text-left' : ''}`}>
      {permissions.canEdit ? (
        // Keyed by the edit time: a saved change closes the form and fills it with the new words.
        <EditDisclosure
          key={message.editedAt ?? 'original'}
          message={message}
          maxLength={maxLength}
          error={editError}
          value={failure?.values?.body}
        />
      ) : null}
      {permissions.canDelete ? (
        <ActionDisclosure label={`Delete ${about}`} summary="Delete">
          <Form method="post" className="space-y-2">
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="messageId" value={message.id} />
            <p>Delete this message? Everyone will see “Message deleted” instead.</p>
            <Button variant="danger">Delete message</Button>
          </Form>
        </ActionDisclosure>
      ) : null}
      {permissions.canReport ? (
        <ActionDisclosure label={`Report ${about}`} summary="Report" open={Boolean(reportError)}>
          <Form method="post" className="space-y-2">
            <input type="hidden" name="intent" value="report" />
            <input type="hidden" name="messageId" value={message.id} />
            <TextField
              look="inline"
              multiline
              label="What is wrong with this message?"
              id={`${idPrefix}-reason`}
              name="reason"
              rows={3}
              required
              maxLength={REPORT_REASON_MAX_LENGTH}
              defaultValue={failure?.intent === 'report' ? failure.values?.reason : undefined}
              error={reportError}
            />
            <Button>Send report</Button>
          </Form>
        </ActionDisclosure>
      ) : null}
      {permissions.canMute ? (
        <ActionDisclosure label={`Mute ${message.author.name}`} summary="Mute author" open={Boolean(muteError)}>
          <Form method="post" className="space-y-2">
            <input type="hidden" name="intent" value="mute" />
            <input type="hidden" name="messageId" value={message.id} />
            <input type="hidden" name="userId" value={message.author.id} />
            <MuteDurations personName={message.author.name} layout="mt-1 grid grid-cols-2 gap-1" />
            <FieldError id={`${idPrefix}-mute-error`} message={muteError} />
            <Button variant="danger">Mute</Button>
          </Form>
        </ActionDisclosure>
      ) : null}
    </div>
  )
}

export function MessageItem({
  message,
  isOwn,
  isRead,
  permissions,
  failure,
  maxLength,
}: {
  message: ChatMessage
  isOwn: boolean
  /** Shows "Read" under it: the last of the reader's own messages the other person has read. */
  isRead: boolean
  permissions: MessagePermissions
  failure?: ChatFailure
  /** The longest words the message may have (for editing). */
  maxLength: number
}) {
  const ownFailure = failure?.messageId === message.id ? failure : undefined
  return (
    <li className={`flex ${isOwn ? 'justify-end' : 'justify-start'}`} data-seq={message.seq}>
      <article aria-label={`${isOwn ? 'You' : message.author.name}`} className={`max-w-[85%] sm:max-w-[75%] ${isOwn ? 'text-right' : ''}`}>
        <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
          <span className="font-semibold text-ink">{isOwn ? 'You' : message.author.name}</span>
          <MessageTime iso={message.createdAt} />
          {message.editedAt && !message.deleted ? <span className="text-xs text-ink-soft">(edited)</span> : null}
        </p>
        <div
          className={`mt-1 inline-block rounded-2xl px-3.5 py-2 text-left ${
            message.deleted
              ? 'border border-dashed border-gray-300 bg-white italic text-ink-soft'
              : isOwn
                ? 'bg-brand-700 text-white [&_a]:text-white'
                : 'bg-gray-100 text-ink'
          }`}
        >
          {message.deleted ? <p>Message deleted</p> : <MessageText body={message.body} />}
        </div>
        {isRead ? <p className="mt-0.5 text-xs font-medium text-ink-soft">Read</p> : null}
        {message.deleted ? null : (
          <MessageActions message={message} permissions={permissions} failure={ownFailure} alignEnd={isOwn} maxLength={maxLength} />
        )}
      </article>
    </li>
  )
}
