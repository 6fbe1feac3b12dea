// The signed-in user's picture, or a circle with their initial when they have none.

export function Avatar({ src, name, label, size = 'size-8' }: { src: string; name: string; label: string; size?: string }) {
  if (src) {
    return <img src={src} alt={label} className={`${size} shrink-0 rounded-full object-cover ring-2 ring-white`} />
  }
  const initial = name.trim().charAt(0).toUpperCase() || '?'
  return (
    <span
      role="img"
      aria-label={label}
      className={`${size} inline-flex shrink-0 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white ring-2 ring-white`}
    >
      <span aria-hidden="true">{initial}</span>
    </span>
  )
}
