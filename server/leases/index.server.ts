// The public surface of server/leases/: everything outside this folder uses the area through these names.
export { type SigningRecord, sealLeasePdf } from './certificate.server.ts'
export { renderLeaseHtml } from './html.ts'
export { renderLeasePdf, sha256Hex } from './pdf.server.ts'
export { LEASE_TEMPLATE_FIELDS, unknownTemplateFields } from './template.ts'
export { renderLeaseTemplatePreview } from './template-sample.ts'
export { type CurrentLeaseTemplate, findCurrentLeaseTemplate } from './template-read.server.ts'
