// Form building blocks for the profile page: labelled fields whose error and hint are tied to the
// input (aria-invalid, aria-describedby), buttons, and the card each section sits in.
import { useEffect, useRef, type ComponentProps, type ReactNode, type RefObject } from 'react'
import { useNavigation } from 'react-router'
import type { FormFailure, Intent } from './profile-forms.ts'

export const inputClass =
  'block w-full rounded-lg border border-gray-400 bg-white px-3 py-2 text-ink shadow-xs placeholder:text-gray-500 focus:border-brand-600 aria-[invalid=true]:border-red-700 aria-[invalid=true]:bg-red-50/40'

export function describedBy(...ids: (string | false | null | undefined)[]) {
  const joined = ids.filter(Boolean).join(' ')
  return joined || undefined
}

export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null
  return (
    <p id={id} className="mt-1.5 flex gap-1.5 text-sm font-medium text-red-800">
      <span aria-hidden="true">!</span>
      <span>{message}</span>
    </p>
  )
}

export function Hint({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="mt-1.5 text-sm text-ink-soft">
      {children}
    </p>
  )
}

type TextFieldProps = {
  label: string
  name: string
  error?: string
  hint?: ReactNode
  multiline?: boolean
} & Omit<ComponentProps<'input'> & ComponentProps<'textarea'>, 'name'>

export function TextField({ label, name, error, hint, multiline, id = `field-${name}`, className, ...props }: TextFieldProps) {
  const errorId = `${id}-error`
  const hintId = `${id}-hint`
  const shared = {
    id,
    name,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(error && errorId, hint !== undefined && hintId),
    className: `${inputClass} ${className ?? ''}`,
  }
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-ink">
        {label}
      </label>
      <div className="mt-1.5">
        {multiline ? (
          <textarea {...(props as ComponentProps<'textarea'>)} {...shared} />
        ) : (
          <input {...(props as ComponentProps<'input'>)} {...shared} />
        )}
      </div>
      {hint !== undefined ? <Hint id={hintId}>{hint}</Hint> : null}
      <FieldError id={errorId} message={error} />
    </div>
  )
}

type ButtonProps = ComponentProps<'button'> & { variant?: 'primary' | 'secondary' | 'danger' | 'quiet' }

const buttonStyles = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800 shadow-sm',
  secondary: 'border border-gray-400 bg-white text-ink hover:bg-gray-50',
  danger: 'bg-red-700 text-white hover:bg-red-800 shadow-sm',
  quiet: 'border border-gray-300 bg-white text-red-800 hover:bg-red-50',
}

export function Button({ variant = 'primary', className = '', type = 'submit', ...props }: ButtonProps) {
  return (
    <button
      type={type}
      className={`inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2 text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60 ${buttonStyles[variant]} ${className}`}
      {...props}
    />
  )
}

/** Shown beside a button while its form is on its way to the server. */
export function PendingNote({ children }: { children: ReactNode }) {
  return (
    <span role="status" className="text-sm text-ink-soft">
      {children}
    </span>
  )
}

/** A message about the whole form (not one field), read out when it appears. */
export function FormAlert({ message, id }: { message?: string; id: string }) {
  if (!message) return null
  return (
    <div
      id={id}
      role="alert"
      tabIndex={-1}
      className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm font-medium text-red-900"
    >
      {message}
    </div>
  )
}

export function ProfileSection({
  id,
  title,
  description,
  children,
  tone = 'default',
}: {
  id: string
  title: string
  description?: ReactNode
  children: ReactNode
  tone?: 'default' | 'danger'
}) {
  const headingId = `${id}-heading`
  const border = tone === 'danger' ? 'border-red-300' : 'border-gray-200'
  return (
    <section id={id} aria-labelledby={headingId} className={`scroll-mt-24 rounded-2xl border ${border} bg-white shadow-sm`}>
      <div className={`border-b px-5 py-4 sm:px-6 ${tone === 'danger' ? 'border-red-200 bg-red-50/60' : 'border-gray-100'}`}>
        <h2 id={headingId} className={`text-lg font-bold ${tone === 'danger' ? 'text-red-900' : 'text-ink'}`}>
          {title}
        </h2>
        {description ? <p className="mt-1 text-sm text-ink-soft">{description}</p> : null}
      </div>
      <div className="px-5 py-5 sm:px-6">{children}</div>
    </section>
  )
}

/** The refusal of this form, if the last submission was this form and was refused. */
export function failureFor(failure: FormFailure | undefined, intent: Intent): FormFailure | undefined {
  return failure?.intent === intent ? failure : undefined
}

/** Whether this form is being submitted right now. */
export function useIsSubmitting(intent: Intent) {
  const navigation = useNavigation()
  return navigation.state !== 'idle' && navigation.formData?.get('intent') === intent
}

/**
 * After a refusal, moves focus to the first field in error (or the form's alert), so keyboard and
 * screen-reader users land where the problem is. After a success, clears the form when asked.
 */
export function useFormFeedback(
  formRef: RefObject<HTMLFormElement | null>,
  intent: Intent,
  failure: FormFailure | undefined,
  { resetOnSuccess = false }: { resetOnSuccess?: boolean } = {},
) {
  const navigation = useNavigation()
  const isSubmitting = navigation.state !== 'idle' && navigation.formData?.get('intent') === intent
  const wasSubmitting = useRef(false)

  useEffect(() => {
    if (isSubmitting) {
      wasSubmitting.current = true
      return
    }
    if (navigation.state !== 'idle' || !wasSubmitting.current) return
    wasSubmitting.current = false
    const form = formRef.current
    if (!form) return
    if (failure) {
      const target = form.querySelector<HTMLElement>('[aria-invalid="true"], [role="alert"]')
      target?.focus()
    } else if (resetOnSuccess) {
      form.reset()
    }
  }, [isSubmitting, navigation.state, failure, formRef, resetOnSuccess])
}
