// The questions the demo seed publishes on /faq, in the order they are shown within each topic.
import { siteConfig } from '#common/site-config.ts'
import type { SeedFaqEntry } from './types.ts'

export const seedFaq: readonly SeedFaqEntry[] = [
  {
    slug: 'create-an-account',
    topic: 'account',
    question: 'How do I create an account?',
    answer: `Choose **Sign up**, enter your name, your e-mail address and a password of at least 8 characters, and accept the Terms of Use. We send a link to your address: open it to confirm the address and finish creating your account.

If your organisation offers single sign-on, you can use its button on the sign-up page instead.`,
  },
  {
    slug: 'forgot-password',
    topic: 'account',
    question: 'I forgot my password. What do I do?',
    answer: `On the log-in page, choose **Forgot password?** and enter your e-mail address. If it belongs to an account, we send a link to choose a new password. The link works once and for a limited time.`,
  },
  {
    slug: 'all-in-monthly-cost',
    topic: 'searching',
    question: 'What is the all-in monthly cost shown on listings?',
    answer: `It is the rent plus every recurring fee the landlord must list, such as a mandatory amenity, parking or utility charge. Compare homes by this figure rather than by the rent alone. [How to read an all-in monthly cost](/knowledge/how-to-read-an-all-in-monthly-cost) explains it in detail.`,
  },
  {
    slug: 'save-a-home',
    topic: 'searching',
    question: 'Can I save homes to look at later?',
    answer: `Yes. When you are logged in, use the **Save** button on a listing. Your saved homes are listed on your profile.`,
  },
  {
    slug: 'list-my-home',
    topic: 'listing-a-home',
    question: 'How do I list a home for rent?',
    answer: `Choose the landlord role on your profile, then **List a home**. The form takes you through the home, its price and fees, and its photos. Your listing stays a draft until you publish it.`,
  },
  {
    slug: 'message-a-landlord',
    topic: 'messages-and-chat',
    question: 'How do I contact a landlord?',
    answer: `Log in and use **Message the landlord** on the listing. Your conversation is kept under **Chat**, and you get an e-mail when a message waits for you there.`,
  },
  {
    slug: 'what-is-the-cooper-index',
    topic: 'cooper-index',
    question: 'What is the Cooper Index?',
    answer: `The Cooper Index follows what homes on ${siteConfig.name} cost to rent, month by month, so you can see whether rents in an area are rising or falling.`,
  },
  {
    slug: 'report-a-scam',
    topic: 'safety-and-trust',
    question: 'I think a listing is a scam. What should I do?',
    answer: `Do not send money. Write to us at [${siteConfig.email}](mailto:${siteConfig.email}) with the listing's address, or report the message that worried you from the chat. Our guide [Spotting rental scams](/knowledge/spotting-rental-scams) lists the warning signs.`,
  },
]
