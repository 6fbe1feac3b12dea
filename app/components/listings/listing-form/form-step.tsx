// One step of the listing form: a fieldset titled by a heading that takes focus when the step opens.
// With JavaScript the heading also says which step of how many it is.
import type { ReactNode } from 'react'

/** The frame every step shares, fieldset or not. */
export const STEP_CLASS = 'space-y-6 rounded-2xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6'

export function FormStep({ id, title, number, total, isEnhanced, hidden, children }: StepProps & { children: ReactNode }) {
  return (
    <fieldset data-step={id} hidden={hidden} className={STEP_CLASS}>
      <legend className="contents">
        <StepHeading title={title} number={number} total={total} isEnhanced={isEnhanced} />
      </legend>
      {children}
    </fieldset>
  )
}

/** A step's heading; focus moves to it when its step opens. */
export function StepHeading({ id, title, number, total, isEnhanced }: Omit<StepProps, 'id' | 'hidden'> & { id?: string }) {
  return (
    <h2
      id={id}
      tabIndex={-1}
      className="text-xl font-bold text-ink focus:outline-none focus-visible:outline-3 focus-visible:outline-sun-500"
    >
      {isEnhanced ? (
        <span className="sr-only">
          Step {number} of {total}:{' '}
        </span>
      ) : null}
      {title}
    </h2>
  )
}

/** A step's heading and where it sits among all the form's steps, and whether it is out of view. */
export type StepProps = { id: string; title: string; number: number; total: number; isEnhanced: boolean; hidden: boolean }
