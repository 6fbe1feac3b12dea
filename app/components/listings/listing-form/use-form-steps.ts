// The listing form's steps with JavaScript: which one shows, the errors shown (the server's, then a
// step's own check with the server's schema before moving on) and where focus goes after each move.
// The steps sit in `rootRef`; all but the photos step (which holds forms of its own) are in `formRef`.
import type { FieldErrors } from '#common/forms.ts'
import { useEffect, useState, type RefObject } from 'react'
import { stepOfField, validateListingForm, valuesOfFormData, type ListingFormValues } from '#common/listings/listing-form.ts'

export type FormStepInfo = { id: string; title: string }

export function useFormSteps({
  rootRef,
  formRef,
  steps,
  initialStep,
  values,
  serverErrors,
}: {
  rootRef: RefObject<HTMLElement | null>
  formRef: RefObject<HTMLFormElement | null>
  steps: FormStepInfo[]
  /** The step to open on, its heading focused (a page sent here for it); the first one otherwise. */
  initialStep?: string
  values: ListingFormValues
  serverErrors: FieldErrors
}) {
  const [isEnhanced, setIsEnhanced] = useState(false)
  const [stepIndex, setStepIndex] = useState(() =>
    Math.max(
      0,
      steps.findIndex((step) => step.id === initialStep),
    ),
  )
  const [errors, setErrors] = useState<FieldErrors>(serverErrors)
  const [focusTarget, setFocusTarget] = useState<{ kind: 'heading' | 'error'; at: number } | null>(null)
  const [isOpenedOnStep] = useState(initialStep !== undefined)
  const currentStep = steps[stepIndex]!
  // The steps never change while the form is shown; their ids as one string keep the effect below stable.
  const stepIds = steps.map((step) => step.id).join(' ')

  useEffect(() => {
    setIsEnhanced(true)
    // Sent to a step (the photos of a draft just saved): its heading takes focus once the other
    // steps are hidden, so the page does not scroll to where it sat among them all.
    if (isOpenedOnStep) setFocusTarget({ kind: 'heading', at: Date.now() })
  }, [isOpenedOnStep])

  // A refusal from the server: show its errors on the first step that has one. Only a new answer
  // from the server resets the form, not a change of step.
  useEffect(() => {
    setErrors(serverErrors)
    const firstKey = Object.keys(serverErrors)[0]
    const step = firstKey ? stepOfField(firstKey) : undefined
    if (step) {
      setStepIndex(stepIds.split(' ').indexOf(step))
      setFocusTarget({ kind: 'error', at: Date.now() })
    }
  }, [serverErrors, values, stepIds])

  useEffect(() => {
    if (!focusTarget) return
    const root = rootRef.current
    const section = root?.querySelector<HTMLElement>(`[data-step="${steps[stepIndex]!.id}"]`)
    const target =
      focusTarget.kind === 'error'
        ? (section?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? root?.querySelector<HTMLElement>('#listing-form-error') ?? null)
        : null
    ;(target ?? section?.querySelector<HTMLElement>('h2'))?.focus()
  }, [focusTarget, stepIndex, steps, rootRef])

  /** Checks the current step's fields; false (and focus on the first error) when one is wrong. */
  function checkStep(): boolean {
    const form = formRef.current
    if (!form) return true
    const { fieldErrors: found } = validateListingForm(valuesOfFormData(new FormData(form)))
    const stepErrors: FieldErrors = {}
    for (const [key, messages] of Object.entries(found)) {
      // The server places the pin from the ZIP when the map has not.
      if (key === 'latitude' || key === 'longitude') continue
      if (stepOfField(key) === currentStep.id) stepErrors[key] = messages
    }
    setErrors((previous) => {
      const kept = Object.fromEntries(Object.entries(previous).filter(([key]) => stepOfField(key) !== currentStep.id))
      return { ...kept, ...stepErrors }
    })
    if (Object.keys(stepErrors).length > 0) {
      setFocusTarget({ kind: 'error', at: Date.now() })
      return false
    }
    return true
  }

  function goTo(index: number) {
    setStepIndex(index)
    setFocusTarget({ kind: 'heading', at: Date.now() })
  }

  return {
    isEnhanced,
    stepIndex,
    errors,
    setErrors,
    /** The first message for a field. */
    error: (key: string) => errors[key]?.[0],
    /** Without JavaScript every step shows; with it, only the current one. */
    isHidden: (id: string) => isEnhanced && currentStep.id !== id,
    numberOf: (id: string) => steps.findIndex((step) => step.id === id) + 1,
    checkStep,
    goTo,
  }
}
