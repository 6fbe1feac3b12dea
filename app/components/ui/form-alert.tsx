// A message about a whole form or a step refused (not one field), read out when it appears.
export function FormAlert({ message, id }: { message?: string | null; id?: string }) {
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
