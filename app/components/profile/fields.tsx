// The profile page's own pieces: the card each section sits in, and the hooks that tie a form to its
// intent (its refusal, whether it is being sent, where focus goes after an answer).
import { useEffect, useRef, type ReactNode, type RefObject } from 'react'
import { useNavigation } from 'react-router'
import { formErrorBesideFields } from '#common/forms.ts'
import type { ProfileFormFailure, Intent } from './profile-forms.ts'

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

/**
 * The refusal of this form, if the last submission was this form and was refused; its sentence for
 * the whole form only when no field says what is wrong.
 */
export function failureFor(failure: ProfileFormFailure | undefined, intent: Intent): ProfileFormFailure | undefined {
  return failure?.intent === intent ? { ...failure, formError: formErrorBesideFields(failure) } : undefined
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
  failure: ProfileFormFailure | undefined,
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
