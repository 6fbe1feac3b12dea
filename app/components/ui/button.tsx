// The form buttons, and the note shown beside one while its form is on its way to the server.
import type { ComponentProps, ReactNode } from 'react'

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
