// The consumer disclosures a signer reads and agrees to before signing a lease electronically, as the
// U.S. ESIGN Act requires of electronic records given to a consumer: 15 U.S.C. § 7001(c)(1)
// (https://www.law.cornell.edu/uscode/text/15/7001). Each consent records the version it agreed to, so a
// changed text is a new version and earlier consents still name the words they agreed to.
import { siteConfig } from '../site-config.ts'
import { NOT_LEGAL_ADVICE } from '../leasing/state-rules.ts'

export const ESIGN_CITATION = '15 U.S.C. § 7001(c)(1)'
export const ESIGN_DISCLOSURE_VERSION = '2026-11-29'

export interface EsignSection {
  /** Which of § 7001(c)(1)'s requirements the section answers. */
  id: 'paper' | 'withdraw' | 'scope' | 'contact' | 'system'
  heading: string
  text: string
}

export const ESIGN_SECTIONS: readonly EsignSection[] = [
  {
    id: 'scope',
    heading: 'What you agree to',
    text:
      'You agree to receive, read and sign this lease, its versions and any amendment to it electronically on ' +
      `${siteConfig.name}, and to receive the notices about it by e-mail. Your consent covers this lease only; ` +
      'another lease asks again.',
  },
  {
    id: 'paper',
    heading: 'Your right to paper',
    text:
      'You may ask the landlord for the lease on paper and sign it on paper instead, at no charge. You may also ' +
      'print or download the PDF at any time: the signed lease stays available to you on your Leases page for as ' +
      'long as the site exists, even after the lease ends.',
  },
  {
    id: 'withdraw',
    heading: 'Withdrawing your consent',
    text:
      'You may withdraw your consent at any time before you sign, from the lease page. The landlord is told; you ' +
      'can then no longer sign on the site, and the landlord must give you the lease on paper. Withdrawing does ' +
      'not undo a signature already made, and has no fee or other consequence.',
  },
  {
    id: 'contact',
    heading: 'Keeping your details current',
    text:
      'Notices go to the e-mail address of your account. Change it on your profile page; if you cannot, tell the ' +
      'landlord by message so no notice is lost.',
  },
  {
    id: 'system',
    heading: 'What you need',
    text:
      'A current web browser (the lease is shown as a web page) and a program that opens PDF files, such as the ' +
      'one built into your browser, to keep the signed copy. You can print it from either.',
  },
]

export const ESIGN_AGREEMENT = 'I have read these disclosures, I can open and keep the PDF, and I agree to sign this lease electronically.'

export const ESIGN_NOTE = `Consent follows the U.S. ESIGN Act (${ESIGN_CITATION}). ${NOT_LEGAL_ADVICE}`
