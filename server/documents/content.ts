// What a private document is, judged by its bytes alone (the declared type and the extension are the
// uploader's words), and the file name it is kept and offered under.

export const DOCUMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const
export type DocumentContentType = (typeof DOCUMENT_TYPES)[number]

const SIGNATURES: { type: DocumentContentType; magic: number[] }[] = [
  { type: 'application/pdf', magic: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // %PDF-
  { type: 'image/jpeg', magic: [0xff, 0xd8, 0xff] },
  { type: 'image/png', magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
]

/** The extensions a name may keep for each type; the first is the one given when it has none of them. */
const EXTENSIONS: Record<DocumentContentType, string[]> = {
  'application/pdf': ['pdf'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/png': ['png'],
}

/** The type the bytes begin with, or null when they are none of the three. */
export function sniffDocumentType(bytes: Uint8Array): DocumentContentType | null {
  const found = SIGNATURES.find(({ magic }) => bytes.length >= magic.length && magic.every((byte, i) => bytes[i] === byte))
  return found?.type ?? null
}

export const MAX_FILE_NAME_CHARS = 200

/**
 * The name a document is kept under: only the last part of a path, without control or format
 * characters (a right-to-left override can make "cod.exe" read as "exe.doc"), path separators or
 * leading dots, at most 200 characters, and ending in an extension that matches its content.
 */
export function cleanFileName(declared: string, type: DocumentContentType): string {
  const base = declared.normalize('NFC').split(/[/\\]/).pop() ?? ''
  const cleaned = base
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.\s]+/, '')
  const allowed = EXTENSIONS[type]
  const dot = cleaned.lastIndexOf('.')
  const extension = dot > 0 ? cleaned.slice(dot + 1) : ''
  const keepsExtension = allowed.includes(extension.toLowerCase())
  // A last part that looks like another type's extension ("scan.exe", "id.html") goes; "v2.2024" stays.
  const looksLikeExtension = /^(?=.*[a-z])[a-z0-9]{1,5}$/i.test(extension)
  let stem = keepsExtension || looksLikeExtension ? cleaned.slice(0, Math.max(dot, 0)) : cleaned
  stem = stem.replace(/[.\s]+$/, '')
  const suffix = keepsExtension ? extension : allowed[0]!
  const room = MAX_FILE_NAME_CHARS - suffix.length - 1
  const chars = Array.from(stem || 'document')
  const shortened =
    chars.length > room
      ? chars
          .slice(0, room)
          .join('')
          .replace(/[.\s]+$/, '')
      : chars.join('')
  return `${shortened || 'document'}.${suffix}`
}
