// The FAQ's first questions and answers, grouped by topic in the order the page shows them. The
// answers describe the site as it works today: its limits, rules and screens.
import { siteConfig } from '#common/site-config.ts'
import type { SeedFaqEntry } from './types.ts'

export const seedFaq: readonly SeedFaqEntry[] = [
  // Your account
  {
    slug: 'create-an-account',
    topic: 'account',
    question: 'How do I create an account?',
    answer: `Choose **Sign Up** at the top of any page and give your name, your e-mail address and a password, then accept the [Terms of Use](/terms). We send you an e-mail with a link to confirm your address; the link works for 24 hours. Once you open it, you are signed in and your account is ready.

If the link has expired, log in with your e-mail address and password, and we send you a new one. No e-mail? Look in your spam folder, or choose **send a new link** on the login page.`,
  },
  {
    slug: 'password-rules',
    topic: 'account',
    question: 'What makes a password acceptable?',
    answer: `A password needs 8 to 128 characters. There are no rules about capitals, digits or symbols, but common passwords that appear in lists of leaked passwords are refused. A few unrelated words make a password that is strong and easy to remember.

You can change your password under **Password** on [your profile](/userprofile); you will need your current one.`,
  },
  {
    slug: 'forgot-password',
    topic: 'account',
    question: 'I forgot my password. What do I do?',
    answer: `Choose **Forgot password?** on the login page and enter your e-mail address. If it has an account, we send a link to choose a new password; the link works for one hour. You can ask for a link up to 3 times an hour for the same address, so if one does not arrive, look in your spam folder before asking again.

Choosing a new password signs you out on every other device.`,
  },
  {
    slug: 'too-many-sign-in-attempts',
    topic: 'account',
    question: 'Why does the site say there were too many failed sign-ins?',
    answer: `After 5 failed sign-ins for the same e-mail address from your network within 15 minutes, further attempts from that network have to wait 15 minutes. This slows down anyone trying to guess a password without ever locking you out from elsewhere. Resetting your password lifts the wait at once.

When failed attempts pile up, we also e-mail the account's owner, at most once an hour.`,
  },
  {
    slug: 'renter-or-landlord',
    topic: 'account',
    question: 'Am I a renter or a landlord on Cooper Home?',
    answer: `You choose when you sign up: **Renter** if you are looking for a home, **Landlord** if you let homes and want to publish listings, or **Both**. Only landlords (and those who chose both) can list homes; if you chose Renter, [List a home](/properties/new) offers to change that in one step. You can change your role at any time under **Profile details** on [your profile](/userprofile), which also holds your display name, a short bio and your photo (up to 5 MB, JPEG, PNG or WebP).`,
  },
  {
    slug: 'sessions-and-deleting-your-account',
    topic: 'account',
    question: 'How do I sign out other devices, or delete my account?',
    answer: `On [your profile](/userprofile), **Active sessions** lists the browsers and devices signed in to your account; sign out any you do not recognize. Otherwise a device stays signed in until you log out there, or for 30 days after you last used the site on it.

**Delete account**, at the bottom of the profile, removes your profile, your photo, your sign-in details and every session for good, along with the listings you own. It asks you to confirm, and it cannot be undone. Your e-mail address is your sign-in name and cannot be changed on the profile; to use another one, write to ${siteConfig.email}.`,
  },

  // Searching for a home
  {
    slug: 'how-search-works',
    topic: 'searching',
    question: 'What can I type in the search box?',
    answer: `A city, a neighborhood, a ZIP code (or its first digits), or words that describe what you want, such as "balcony" or "garden". An exact city name shows homes in that city; other words are matched against listings' titles, descriptions, cities, neighborhoods and ZIP codes. Search on [/properties](/properties) shows only published homes whose landlords have confirmed them available in the last 30 days.`,
  },
  {
    slug: 'search-filters',
    topic: 'searching',
    question: 'Which filters can I use?',
    answer: `On [/properties](/properties) you can narrow the results by:

- monthly cost, all-in, as a minimum and a maximum in whole dollars;
- bedrooms and bathrooms (at least the number you choose);
- lease or short stay;
- type of home: apartment, house, condo, townhouse, studio or room;
- pets allowed: cats, dogs or both;
- furnished only;
- amenities, such as in-unit laundry, parking, air conditioning or wheelchair access;
- available by a date.

Sort by newest, price (low to high or high to low) or largest. The filters are kept in the page address, so you can bookmark or share a search.`,
  },
  {
    slug: 'all-in-monthly-cost',
    topic: 'searching',
    question: 'What is the all-in monthly cost?',
    answer: `It is the rent plus every recurring fee a tenant must pay, such as amenity, trash, water or required parking fees. Every listing shows it, and the price filter and sorting use it, so a home with a low rent and high fees cannot slip under your budget. For homes offered only as short stays, it counts 30 nights as a month. One-time costs such as the deposit are shown separately.

Our guide [How to read an all-in monthly cost](/knowledge/how-to-read-an-all-in-monthly-cost) explains how to compare homes with it.`,
  },
  {
    slug: 'map-view',
    topic: 'searching',
    question: 'Can I search on a map?',
    answer: `Yes. Switch the results from **List** to **Map**. Each marker shows a home's all-in monthly cost; select one to see the home. Move or zoom the map, then choose **Search this area** to see only the homes inside it. The map needs JavaScript; without it, the same results are shown as a list.`,
  },
  {
    slug: 'saving-homes',
    topic: 'searching',
    question: 'How do I save homes I like?',
    answer: `Log in, then select the heart on a home's card or listing page. Saved homes are listed under **Saved homes** on [your profile](/userprofile), each with its all-in monthly cost, and once you have saved one, a **Saved** link appears in the navigation. Select the heart again to remove a home from the list.`,
  },
  {
    slug: 'listing-disappeared',
    topic: 'searching',
    question: 'A home I looked at is no longer in the results. Why?',
    answer: `Usually for one of three reasons: it has been leased, the landlord archived it, or the landlord has not confirmed it available in the last 30 days. Homes not confirmed for 30 days drop out of search until the landlord confirms them again, so that you are not shown homes that are already gone.`,
  },

  // Listing a home
  {
    slug: 'who-can-list',
    topic: 'listing-a-home',
    question: 'Who can list a home, and how do I start?',
    answer: `Anyone with the **Landlord** role; choose it under Profile details on [your profile](/userprofile). Then go to [/properties/new](/properties/new). The form has four steps: the home, price and terms, location, and details. A new listing starts as a **draft** that only you and our administrators can see; publish it from **My listings** on your profile when it is ready.

By publishing, you confirm that you own the home or are authorized to rent it out, and that the listing is accurate.`,
  },
  {
    slug: 'fees-in-a-listing',
    topic: 'listing-a-home',
    question: 'Which fees must I include in my listing?',
    answer: `Every recurring fee a tenant must pay, each with its name and monthly amount: amenity, trash, water, required parking, technology fees and the like. Charges only some tenants pay, such as pet rent, belong in the pet policy. A listing can have up to 20 fees. We add them to the rent to show the all-in monthly cost that renters search and compare by. The deposit has its own field, and optional extras belong in the description.

Listing every required fee is one of the rules in the [Terms of Use](/terms); listings found to leave one out are corrected or removed.`,
  },
  {
    slug: 'listing-photos',
    topic: 'listing-a-home',
    question: 'How many photos can I add, and what happens to them?',
    answer: `Up to 30 photos per listing, each up to 15 MB, in JPEG, PNG or WebP format. Add them on the listing's edit page by choosing files or dragging them in. The first photo is the cover shown in search results; drag photos into order or use **Move earlier** and **Move later**. Give each a short description for people who use screen readers.

We resize every photo for fast loading and remove location data and other hidden information from the files. Our guide [Preparing your listing photos](/knowledge/preparing-your-listing-photos) has tips for taking them.`,
  },
  {
    slug: 'confirm-still-available',
    topic: 'listing-a-home',
    question: 'Why do I have to confirm that my listing is still available?',
    answer: `So renters are not shown homes that are already taken. A published listing that has not been confirmed available for 30 days drops out of search. We e-mail you when one of your listings reaches that point, once per listing until you confirm it again. Choose **Confirm still available** under **My listings** on [your profile](/userprofile), and the listing is back in search at once.`,
  },
  {
    slug: 'after-you-find-a-tenant',
    topic: 'listing-a-home',
    question: 'What do I do when the home is rented?',
    answer: `Under **My listings** on [your profile](/userprofile), choose **Mark leased**. The listing stays visible as leased but leaves search, and nobody else enquires about it. **Archive** hides a listing from everyone but you and our administrators, and **Delete** removes it for good, after you confirm. You can publish an archived listing again when the home is next available.`,
  },

  // Messages and the chat room
  {
    slug: 'contact-a-landlord',
    topic: 'messages-and-chat',
    question: 'How do I contact a landlord?',
    answer: `Open the listing and choose **Message the landlord**. You need to be logged in; if you are not, you are taken to the login page, and once you have logged in (or signed up) you land in the conversation. The conversation is private to the two of you, mentions the listing, and is kept in the [Chat room](/chat) among your private messages, which the Chat room opens on, unread first. Writing to the same landlord about the same home again reopens the same conversation.

A direct message can be up to 4,000 characters.`,
  },
  {
    slug: 'chat-room',
    topic: 'messages-and-chat',
    question: 'What is the community chat room?',
    answer: `A shared room where everyone who is logged in can talk about renting: neighborhoods, moving tips, questions for other renters and landlords. It is public: anyone can read it, even visitors who are not logged in, and its message box says so. Open it from the list on the [Chat room](/chat) page (**Community room**). Messages in the room can be up to 2,000 characters; do not post personal details such as your address or phone number there, and answer a renter or a landlord in your private messages instead. The rules for the room are in the [Terms of Use](/terms).`,
  },
  {
    slug: 'sending-limits',
    topic: 'messages-and-chat',
    question: 'Why was my message refused as too fast?',
    answer: `To keep spam out, each person can send at most 10 messages in any 10 seconds, in the room and in direct messages together, and edit at most 10 messages in 10 seconds. Wait a moment and send again. Accounts less than 24 hours old can also start at most 10 new conversations a day.

A message that your browser retries after a dropped connection is never counted twice, and is stored only once.`,
  },
  {
    slug: 'edit-or-delete-a-message',
    topic: 'messages-and-chat',
    question: 'Can I edit or delete a message I sent?',
    answer: `Yes, your own messages, in the room and in conversations, at any time. An edited message is marked "(edited)". A deleted message keeps its place, and everyone sees "Message deleted" instead of its words. Deleting cannot be undone.`,
  },
  {
    slug: 'read-receipts',
    topic: 'messages-and-chat',
    question: 'Can people see when I have read their messages?',
    answer: `Yes, by default: the person you are talking with sees "Read" once you have read their messages. To stop that, untick **Send read receipts** under **Messages** on [your profile](/userprofile).

The number beside **Chat room** in the navigation counts your unread direct messages, up to "99+".`,
  },
  {
    slug: 'unread-message-emails',
    topic: 'messages-and-chat',
    question: 'Will I get an e-mail about new messages?',
    answer: `If a direct message is still unread 15 minutes after it was sent, we e-mail you about it, at most once an hour per conversation, and never about messages more than a day old. Messages in the community room are not e-mailed. To stop these e-mails, untick **E-mail me about unread messages** under **Messages** on [your profile](/userprofile).`,
  },
  {
    slug: 'block-someone',
    topic: 'messages-and-chat',
    question: 'How do I stop someone from messaging me?',
    answer: `Open your conversation with them and choose **Block**. They can no longer send you direct messages; if they try, they are told that you do not take messages from them. You can unblock them from the same place at any time. If their messages were abusive, please also report them, so that our administrators can act.`,
  },

  // The Cooper Index
  {
    slug: 'what-is-the-cooper-index',
    topic: 'cooper-index',
    question: 'What is the Cooper Index?',
    answer: `Our own index of asking rents, built from the homes listed on Cooper Home. It shows the typical asking rent and how fast it is changing, for the nation, each state and each city with enough data, for all homes and by bedrooms (studio or one bedroom, two, three or more). It compares each home only with itself over time, so a month with more large or luxury homes on offer does not look like a rise in rents. It is recomputed every night. The [Cooper Index](/cooper) page is its home.`,
  },
  {
    slug: 'how-the-index-is-calculated',
    topic: 'cooper-index',
    question: 'How is the Cooper Index calculated?',
    answer: `From pairs of lettings of the same home: two consecutive times one address and unit was let, at least a month apart, each with the last rent it asked (a price cut while it waited for a tenant is part of its letting; rent reviews of homes already let are left out). A pair is dropped if the home changed in between (its type, bedrooms or size) or if the rent more than doubled or fell by more than half, which usually means an error. A weighted repeat-rent regression, the method behind the Case–Shiller home price indexes, combines each city's pairs into a monthly index that averages 100 over a calendar base year (named on every page: "2023 = 100"). The nation's and each state's index is the average of their cities' indexes, each weighted by the homes let there over the base year. A home still on the market counts once it is let. Only complete months are published, each with a 90% band clustered by home, and the change over a month is that of the 3-month average, not seasonally adjusted. Its level in dollars is set by the typical asking rent of the latest three complete months: the average of the rents between the 35th and 65th percentiles.

The article [How the Cooper Index is computed](/knowledge/how-the-cooper-index-is-computed) explains each step, with an example.`,
  },
  {
    slug: 'asking-or-signed-rents',
    topic: 'cooper-index',
    question: 'Does the index show what tenants actually pay?',
    answer: `Not exactly. It uses asking rents: the monthly rent of homes offered on Cooper Home, not the rents written into signed leases after any negotiation, and not what long-standing tenants pay on older leases. It also counts the rent alone, without the recurring fees that each listing's all-in monthly cost includes. Asking rents react quickly when the market changes, which makes them a good guide to the direction of rents.`,
  },
  {
    slug: 'why-the-index-moves',
    topic: 'cooper-index',
    question: 'How sure is each figure, and why can it change a lot from month to month?',
    answer: `Each figure comes with a 90% band, the range that should hold the true value nine times in ten, and with the number of pairs and homes behind it. Where few homes have been listed twice, as in a city new to Cooper Home, the band is wide and single months are noisy; a month with fewer than 30 pairs shows "not enough data" instead of a number. The 3-month average and the year-over-year change, which also sets aside the seasons, are steadier guides. See [Reading rent data wisely](/knowledge/reading-rent-data-wisely).`,
  },
  {
    slug: 'using-the-index',
    topic: 'cooper-index',
    question: 'Can I use the index to set or negotiate a rent?',
    answer: `Use it for direction, not for a price. It tells you whether asking rents in a market are rising or falling, and how fast. To judge a particular home, compare it with similar homes listed now: search [/properties](/properties) for the same area and number of bedrooms, and compare their all-in monthly costs.`,
  },

  // Safety and trust
  {
    slug: 'spot-a-scam',
    topic: 'safety-and-trust',
    question: 'How can I tell whether a listing is a scam?',
    answer: `Be careful when the rent is far below similar homes, the landlord cannot show you the home, you are asked to pay before seeing it or signing a lease, you are pushed to decide today, or you are asked to move the conversation off Cooper Home straight away. Never pay by wire transfer, gift card or cryptocurrency. Our guide [Spotting rental scams](/knowledge/spotting-rental-scams) explains what to check.`,
  },
  {
    slug: 'report-a-listing',
    topic: 'safety-and-trust',
    question: 'How do I report a listing?',
    answer: `Write to ${siteConfig.email} with the listing's address or link and what is wrong: a fee missing from the price, photos of another home, a home that is not really for rent, or wording you believe is discriminatory. We review every report and correct or remove listings that break the [Terms of Use](/terms). If you have already paid money to someone you think is a scammer, contact your bank at once.`,
  },
  {
    slug: 'report-a-message',
    topic: 'safety-and-trust',
    question: 'How do I report a message?',
    answer: `Choose **Report** on the message, in the room or in a conversation, and say briefly what is wrong (up to 500 characters). Each message can be reported once by each person. Only our administrators read reports. They can dismiss a report, delete the message, or mute its author in the room for 15 minutes, an hour, a day or a week. The person you report is not told who reported them.`,
  },
  {
    slug: 'payments-through-cooper-home',
    topic: 'safety-and-trust',
    question: 'Does Cooper Home take rent or deposits?',
    answer: `No. Rent, deposits and any other payments are made directly between renter and landlord; we do not hold those funds. Cooper Home will never ask you to pay through a message, and our staff will never ask for your password. If anyone claiming to be from Cooper Home does, do not pay, and tell us at ${siteConfig.email}.`,
  },
  {
    slug: 'your-personal-information',
    topic: 'safety-and-trust',
    question: 'Who can see my personal information?',
    answer: `Other users see your display name, your photo and when you joined; a landlord's listings also show how many homes they list. Your e-mail address is not shown to other users. Messages are private to the two people in a conversation, while posts in the community room can be read by anyone, even visitors who are not logged in. Photos uploaded to listings have their location data removed. We do not sell your personal information.`,
  },
]
