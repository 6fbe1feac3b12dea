// The Terms of Use as the demo seed publishes them: the version in force since the site opened, and
// a revision scheduled to take effect a month after seeding, which users are asked to accept.
import { siteConfig } from '#common/site-config.ts'
import type { SeedTermsVersion } from './types.ts'

const contact = `${siteConfig.name}, ${siteConfig.address}

E-mail: [${siteConfig.email}](mailto:${siteConfig.email})

Phone: ${siteConfig.phone}`

const firstVersion: SeedTermsVersion = {
  effective: { on: '2025-01-15' },
  summary:
    'These terms set the rules for using Cooper Home, for renters, landlords and visitors alike: accounts, listings, messages and the chat room, fair housing, payments, your content and personal information, and our responsibilities.',
  body: `## About these terms

These terms are the agreement between you and ${siteConfig.name} ("we", "us") about your use of our web site and its services. By creating an account, publishing a listing, sending a message or otherwise using ${siteConfig.name}, you agree to them. If you do not agree, please do not use the site.

We have written them in plain language. Where a word like "listing" or "landlord" is used, it has its everyday meaning: a landlord is anyone who offers a home for rent or lease on the site, whether as its owner or as a manager acting for the owner, and a renter is anyone looking for a home.

## Your account

You must be at least 18 years old and able to enter into a binding contract to create an account. Give us accurate information, keep it up to date, and use one account per person.

Keep your password to yourself and tell us straight away at ${siteConfig.email} if you think someone else has used your account. You are responsible for what is done with your account, unless it was used without your permission through no fault of yours. We will never ask you for your password.

## What Cooper Home does, and what it does not

${siteConfig.name} is a marketplace: it lets landlords publish homes for rent or lease and lets renters find them, compare them and contact the landlord. We are not a landlord, a real-estate broker or agent, or a party to any lease or booking you make. The lease is an agreement between the renter and the landlord alone.

We check listings and act on reports, but we cannot inspect every home or verify everything people tell us. Before you sign or pay, see the home (in person or by a live video tour you direct), read the lease, and satisfy yourself that the landlord has the right to rent it.

The Cooper Index, the knowledge base, the FAQ and the community chat room give general information. They are not legal, financial or tax advice. Rules on deposits, notice periods and tenants' rights differ from state to state and city to city; for advice on your situation, speak to a qualified professional or a local tenant or landlord organization.

## Rules for landlords and listings

When you publish a listing, you confirm and agree that:

- you own the home or are authorized by its owner to rent it out on these terms;
- the listing describes the home accurately, and its photos show the home being offered as it is now, without edits that hide defects;
- the monthly cost includes every recurring charge a renter must pay (such as mandatory amenity, parking, pet or utility fees), and one-time charges such as deposits and application fees are stated in full;
- the home is available on the dates shown, and you will update or withdraw the listing promptly when it is not;
- you will comply with the fair housing laws and with all other laws that apply to renting the home, including licensing, safety and deposit rules.

We may edit the presentation of a listing (for example, resize photos) and may refuse, hide or remove a listing that breaks these terms or that we reasonably believe is misleading or fraudulent.

## Rules for renters

Give landlords honest information when you enquire or apply. Do not apply in someone else's name or submit documents that are not genuine. Treat the homes you visit and the people who show them with respect.

Never send money to someone you have not verified, and never pay by wire transfer, gift card or cryptocurrency for a home you have not seen. Our guide [Spotting rental scams](/knowledge/spotting-rental-scams) explains the warning signs.

## Fair housing

Discrimination has no place on ${siteConfig.name}. Landlords may not refuse, limit or word a listing on the basis of race, color, religion, sex (including sexual orientation and gender identity), national origin, familial status or disability, or any other characteristic protected by federal, state or local law (such as source of income, where protected). Anyone may report a listing or message they believe is discriminatory to ${siteConfig.email}; we review every report and remove content that breaks this rule.

## Messages and the community chat room

Use messages to talk about homes, viewings, applications and tenancies. In messages and in the chat room, do not harass, threaten or insult anyone; do not post spam, advertising unrelated to renting, or links to malicious sites; and do not share other people's personal information without their consent.

Messages and chat posts are stored so that conversations are kept and so we can investigate reports of abuse or fraud. Administrators may remove posts and limit or close accounts that break these rules.

## Payments between renters and landlords

Unless a page clearly says that a payment is processed by ${siteConfig.name}, rent, deposits and other payments are made directly between renter and landlord. We do not hold those funds and are not responsible for them. If ${siteConfig.name} ever charges you for a service, the price will be shown to you, and you will be asked to agree, before you are charged.

## Your content

You keep ownership of what you post: listings, photos, messages, chat posts and your profile. You give us a non-exclusive, worldwide, royalty-free license to host, copy, resize, display and distribute that content for as long as it is on the site and as needed to run, improve and promote ${siteConfig.name}. Posting it must not break anyone else's rights, such as copyright in photos you did not take.

To protect your privacy, we re-encode uploaded photos and remove hidden information from them, such as the location where they were taken.

## Things nobody may do

- post false, misleading or fraudulent listings, or impersonate another person or company;
- collect other users' personal information, or contact them for purposes unrelated to renting;
- copy listings or data from the site in bulk, or use automated tools that put an unreasonable load on it;
- try to get around security measures, rate limits or the suspension of an account;
- use the site for anything unlawful.

## Your personal information

We use your personal information to run your account and the services you use: to show your listings and profile, deliver your messages, send you the e-mails you need (such as confirming your address or resetting your password) and keep the site safe. We do not sell your personal information. Your e-mail address is not shown to other users unless you choose to share it. You can ask us at ${siteConfig.email} for a copy of your information or for your account to be deleted.

## Suspending or closing an account

You can stop using ${siteConfig.name} at any time and ask us to close your account. We may suspend or close an account, or remove content, if it breaks these terms, if we are required to by law, or to protect other users from fraud or harm. Where it is safe and lawful to do so, we will tell you why.

## Disclaimers and limits on our liability

We work to keep ${siteConfig.name} available and accurate, but we provide it "as is" and cannot promise that it will always be available or free of errors, or that listings and other users' content are accurate.

To the extent the law allows, we are not liable for losses that arise from dealings between renters and landlords, from content posted by other users, or for indirect or consequential losses. Nothing in these terms limits any liability that cannot be limited by law, or your rights as a consumer under the law of your state.

## Changes to these terms

We may update these terms as the site and the law change. Each version has a version date, shown at the top of this page. When we make a change that matters to you, we will tell you before it takes effect and ask you to accept the new version the next time you use the site.

## Governing law

These terms are governed by the laws of the State of Delaware and the federal laws of the United States, without regard to conflict-of-law rules. If you have a complaint, please contact us first: most problems are solved quickly that way.

## Contact us

${contact}`,
}

const secondVersion: SeedTermsVersion = {
  effective: { daysAfterSeeding: 30 },
  summary: `- **Community chat room and reporting:** new rules for the chat room, how to report a message or a listing, and what administrators may do about a report, including muting someone in the room for a while.
- **Listings:** the all-in monthly cost is spelled out (rent plus every required recurring fee), and landlords confirm every 30 days that a published home is still available.
- **Keeping and deleting information:** what we keep, for how long, and what deleting a message or your account removes.
- **Accepting new terms:** a newer version must be accepted before you post messages or publish listings; reading the site stays open to everyone.`,
  body: `## About these terms

These terms are the agreement between you and ${siteConfig.name} ("we", "us") about your use of our web site and its services. By creating an account, publishing a listing, sending a message or otherwise using ${siteConfig.name}, you agree to them. If you do not agree, please do not use the site.

We have written them in plain language. Where a word like "listing" or "landlord" is used, it has its everyday meaning: a landlord is anyone who offers a home for rent or lease on the site, whether as its owner or as a manager acting for the owner, and a renter is anyone looking for a home.

## Your account

You must be at least 18 years old and able to enter into a binding contract to create an account. Give us accurate information, keep it up to date, and use one account per person. You confirm your e-mail address before you first log in.

Keep your password to yourself and tell us straight away at ${siteConfig.email} if you think someone else has used your account. Your profile lists the devices signed in to your account, so you can sign out any you do not recognize. You are responsible for what is done with your account, unless it was used without your permission through no fault of yours. We will never ask you for your password.

## What Cooper Home does, and what it does not

${siteConfig.name} is a marketplace: it lets landlords publish homes for rent or lease and lets renters find them, compare them and contact the landlord. We are not a landlord, a real-estate broker or agent, or a party to any lease or booking you make. The lease is an agreement between the renter and the landlord alone.

We check listings and act on reports, but we cannot inspect every home or verify everything people tell us. Before you sign or pay, see the home (in person or by a live video tour you direct), read the lease, and satisfy yourself that the landlord has the right to rent it.

The Cooper Index, the knowledge base, the FAQ and the community chat room give general information. They are not legal, financial or tax advice. The Cooper Index is calculated from the asking rents of homes listed on ${siteConfig.name}, not from signed leases. Rules on deposits, notice periods and tenants' rights differ from state to state and city to city; for advice on your situation, speak to a qualified professional or a local tenant or landlord organization.

## Rules for landlords and listings

When you publish a listing, you confirm and agree that:

- you own the home or are authorized by its owner to rent it out on these terms;
- the listing describes the home accurately: its type, size, rooms, amenities, pet policy and availability are as stated, and its photos show the home being offered as it is now, without edits that hide defects;
- the listing's all-in monthly cost is complete: it is the rent plus every recurring charge a renter must pay to live in the home (such as mandatory amenity, parking, technology or utility fees), entered as fees on the listing; charges that apply only to some tenants, such as pet rent, are stated in the listing; and one-time charges such as deposits and application fees are stated in full;
- the home is available on the dates shown; you will confirm that a published listing is still available at least every 30 days, and mark it leased or withdraw it promptly when it is not;
- you will comply with the fair housing laws and with all other laws that apply to renting the home, including licensing, safety and deposit rules.

A published listing not confirmed available for 30 days no longer appears in search until you confirm it again. We may edit the presentation of a listing (for example, resize photos) and may refuse, hide or remove a listing that breaks these terms or that we reasonably believe is misleading or fraudulent.

## Rules for renters

Give landlords honest information when you enquire or apply. Do not apply in someone else's name or submit documents that are not genuine. Treat the homes you visit and the people who show them with respect.

Never send money to someone you have not verified, and never pay by wire transfer, gift card or cryptocurrency for a home you have not seen. Our guide [Spotting rental scams](/knowledge/spotting-rental-scams) explains the warning signs.

## Fair housing

Discrimination has no place on ${siteConfig.name}. Landlords may not refuse, limit or word a listing on the basis of race, color, religion, sex (including sexual orientation and gender identity), national origin, familial status or disability, or any other characteristic protected by federal, state or local law (such as source of income, where protected). Anyone may report a listing or message they believe is discriminatory; we review every report and remove content that breaks this rule.

## Messages and the community chat room

Use direct messages to talk about homes, viewings, applications and tenancies. The community chat room is open to everyone who is logged in, for conversation about renting, moving and the places where our members live. In messages and in the chat room:

- do not harass, threaten or insult anyone, or post hateful or sexually explicit content;
- do not post spam, advertising unrelated to renting, or links to malicious sites;
- do not share other people's personal information without their consent, and remember that everything you post in the room is seen by every member;
- do not ask for or offer payments in the room;
- do not try to get around the limits on how fast messages can be sent, or a block placed by another member.

A member who blocks you no longer receives your direct messages. Administrators may remove posts, mute a member in the chat room for a period, and limit or close accounts that break these rules.

## Reporting

You can report any message you can see with the **Report** button beside it, saying briefly what is wrong. To report a listing, write to ${siteConfig.email} with its address or link. Only our administrators read reports. For each report, they dismiss it, remove the content, mute its author in the chat room, or take other action under these terms, and we keep a record of who acted and when. We do not tell the person reported who reported them, unless the law requires it.

Please report honestly. Knowingly false or repeated bad-faith reports are themselves a breach of these terms.

## Payments between renters and landlords

Unless a page clearly says that a payment is processed by ${siteConfig.name}, rent, deposits and other payments are made directly between renter and landlord. We do not hold those funds and are not responsible for them. If ${siteConfig.name} ever charges you for a service, the price will be shown to you, and you will be asked to agree, before you are charged.

## Your content

You keep ownership of what you post: listings, photos, messages, chat posts and your profile. You give us a non-exclusive, worldwide, royalty-free license to host, copy, resize, display and distribute that content for as long as it is on the site and as needed to run, improve and promote ${siteConfig.name}. Posting it must not break anyone else's rights, such as copyright in photos you did not take.

To protect your privacy, we re-encode uploaded photos and remove hidden information from them, such as the location where they were taken.

## Things nobody may do

- post false, misleading or fraudulent listings, or impersonate another person or company;
- collect other users' personal information, or contact them for purposes unrelated to renting;
- copy listings or data from the site in bulk, or use automated tools that put an unreasonable load on it;
- try to get around security measures, rate limits, blocks, mutes or the suspension of an account;
- use the site for anything unlawful.

## Your personal information

We use your personal information to run your account and the services you use: to show your listings and profile, deliver your messages, send you the e-mails you need (such as confirming your address, resetting your password, reminding you to confirm a listing, or telling you about an unread message, which you can turn off on your profile) and keep the site safe. We do not sell your personal information. Your e-mail address is not shown to other users unless you choose to share it. You can ask us at ${siteConfig.email} for a copy of your information.

## Keeping and deleting information

- **Messages.** Direct messages and chat posts are kept so that conversations are not lost and so that reports of abuse or fraud can be investigated. When you delete one of your messages, its words are removed and others see that a message was deleted.
- **Reports.** Reports, and what administrators did about them, are kept for as long as we need them to keep the site safe and to answer complaints.
- **Your account.** You can delete your account from your profile at any time. Deleting it removes your profile, your photo, your sign-in details, your sessions and the listings you own, for good.
- **What we must keep.** We may keep limited records for longer where the law requires it, or where we need them to investigate fraud or abuse reported before the account was deleted.

## Suspending or closing an account

You can stop using ${siteConfig.name} at any time and delete your account. We may suspend or close an account, or remove content, if it breaks these terms, if we are required to by law, or to protect other users from fraud or harm. Where it is safe and lawful to do so, we will tell you why.

## Disclaimers and limits on our liability

We work to keep ${siteConfig.name} available and accurate, but we provide it "as is" and cannot promise that it will always be available or free of errors, or that listings and other users' content are accurate.

To the extent the law allows, we are not liable for losses that arise from dealings between renters and landlords, from content posted by other users, or for indirect or consequential losses. Nothing in these terms limits any liability that cannot be limited by law, or your rights as a consumer under the law of your state.

## Changes to these terms

We may update these terms as the site and the law change. Each version has an effective date, and earlier versions stay available to read. We publish a new version before it takes effect, with a summary of what changed. Once it is in force, you are asked to accept it the next time you use the site while logged in; until you do, you can still read and search the site, but you cannot post messages or publish listings.

## Governing law

These terms are governed by the laws of the State of Delaware and the federal laws of the United States, without regard to conflict-of-law rules. If you have a complaint, please contact us first: most problems are solved quickly that way.

## Contact us

${contact}`,
}

export const seedTerms: readonly SeedTermsVersion[] = [firstVersion, secondVersion]
