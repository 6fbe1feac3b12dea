// A labelled input whose hint and error are tied to it (aria-describedby), so screen readers read
// them with the field and the error summary can link to it by id (the field's name, unless given).
import type { ComponentProps, ReactNode } from 'react'

export type TextFieldProps = {
  label: string
  name: string
  id?: string
  error?: string
  hint?: ReactNode
  /** Shown beside the label, e.g. a "Forgot password?" link. */
  aside?: ReactNode
} & Omit<ComponentProps<'input'>, 'id' | 'name'>

export const fieldIds = (id: string) => ({ hint: `${id}-hint`, error: `${id}-error` })

export function TextField({ label, name, id = name, error, hint, aside, type = 'text', className, ...input }: TextFieldProps) {
  const ids = fieldIds(id)
  const describedBy = [hint ? ids.hint : null, error ? ids.error : null].filter(Boolean).join(' ')
  return (
    <div className={className}>
      <div className="flex items-baseline justify-between gap-4">
        <label htmlFor={id} className="block text-sm font-semibold text-ink">
          {label}
        </label>
        {aside}
      </div>
      {hint ? (
        <p id={ids.hint} className="mt-1 text-sm text-ink-soft">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={ids.error} className="mt-1 text-sm font-medium text-red-700">
          <span className="sr-only">Error: </span>
          {error}
        </p>
      ) : null}
      <input
        id={id}
        name={name}
        type={type}
        aria-invalid={Boolean(error)}
        aria-describedby={describedBy || undefined}
        className={`mt-1.5 block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-ink shadow-xs placeholder:text-slate-500 ${
          error ? 'border-red-700' : 'border-slate-400'
        }`}
        {...input}
      />
    </div>
  )
}

export function CheckboxField({
  label,
  name,
  id = name,
  value,
  error,
  hint,
  defaultChecked,
}: {
  label: ReactNode
  name: string
  id?: string
  value: string
  error?: string
  hint?: ReactNode
  defaultChecked?: boolean
}) {
  const ids = fieldIds(id)
  const describedBy = [hint ? ids.hint : null, error ? ids.error : null].filter(Boolean).join(' ')
  return (
    <div>
      {error ? (
        <p id={ids.error} className="mb-1.5 text-sm font-medium text-red-700">
          <span className="sr-only">Error: </span>
          {error}
        </p>
      ) : null}
      <div className="flex items-start gap-3">
        <input
          id={id}
          name={name}
          type="checkbox"
          value={value}
          defaultChecked={defaultChecked}
          aria-invalid={Boolean(error)}
          aria-describedby={describedBy || undefined}
          className={`mt-0.5 size-5 shrink-0 rounded accent-brand-700 ${error ? 'outline-2 outline-red-700' : ''}`}
        />
        <div>
          <label htmlFor={id} className="text-sm font-semibold text-ink">
            {label}
          </label>
          {hint ? (
            <p id={ids.hint} className="mt-0.5 text-sm text-ink-soft">
              {hint}
            </p>
          ) : null}
        </div>
      </div>
    </div>
  )
}
