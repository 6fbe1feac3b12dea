import type { ButtonHTMLAttributes } from 'react'

export function PrimaryButton({ className = '', ...props }: ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      type="submit"
      className={`inline-flex w-full items-center justify-center rounded-lg bg-brand-700 px-4 py-2.5 font-semibold text-white shadow-sm hover:bg-brand-800 disabled:opacity-70 ${className}`}
      {...props}
    />
  )
}

export function SecondaryButton({ className = '', ...props }: ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      type="submit"
      className={`inline-flex w-full items-center justify-center gap-2 rounded-lg border border-slate-400 bg-white px-4 py-2.5 font-semibold text-ink shadow-xs hover:bg-slate-50 ${className}`}
      {...props}
    />
  )
}

/** A button that looks like a link, for small actions inside a message (e.g. resending a mail). */
export function LinkButton({ className = '', ...props }: ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      type="submit"
      className={`font-semibold text-brand-700 underline decoration-brand-700/40 underline-offset-2 hover:decoration-brand-700 ${className}`}
      {...props}
    />
  )
}
