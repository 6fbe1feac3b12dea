ALTER TABLE "content_revision" DROP CONSTRAINT "content_revision_kind_check";--> statement-breakpoint
ALTER TABLE "content_revision" ADD CONSTRAINT "content_revision_kind_check" CHECK ("content_revision"."kind" in ('article', 'faq', 'terms', 'lease_template'));--> statement-breakpoint
-- The first lease template (server/leases/default-template.ts holds the same text; a unit test compares them).
INSERT INTO "lease_template" ("label", "title", "body", "summary", "status", "published_at")
VALUES ('2026-11-29', 'Residential Lease Agreement', $lease$This Residential Lease Agreement (the "Lease") is made between {{landlord}} (the "Landlord") and {{tenants}} (together, the "Tenant"). Each person who signs as Tenant is responsible, jointly and individually, for everything the Tenant agrees to in this Lease. Guarantor: {{guarantor}}.

{{terms_table}}

## 1. Premises

The Landlord rents to the Tenant, and the Tenant rents from the Landlord, the home at {{premises}} (the "Premises"), with the fixtures and appliances in it and the use of any shared areas that come with it.

## 2. Term

The term of this Lease is {{term}}. It begins on {{start_date}}. Its last day is {{end_date}}.

When a fixed term ends and no renewal or new lease has been signed, the tenancy continues from month to month on the same terms, unless either party has given notice to end it as the law of {{state}} requires. Either party may end a month-to-month tenancy by written notice given as that law requires.

## 3. Rent

The monthly rent is {{rent}}, due in advance on the {{due_day}} day of each month. Rent for a first or last month that is not a full month is prorated by the day. The Landlord will tell the Tenant in writing how rent may be paid and will give a receipt on request.

Rent that is still unpaid {{grace_days}} days after its due day is late. Late fee: {{late_fee}}. A late fee is charged no more than once for each late payment and never exceeds what the law of {{state}} allows.

## 4. Security deposit

Before moving in, the Tenant pays a security deposit of {{deposit}}. The Landlord holds it as the law of {{state}} requires, as security for the Tenant's obligations under this Lease. It is not rent paid in advance, and the Tenant may not use it as the last month's rent unless the Landlord agrees in writing.

After the tenancy ends and the Tenant has returned the keys, the Landlord may deduct from the deposit only what the law allows, such as unpaid rent and the reasonable cost of repairing damage beyond normal wear and tear. The Landlord will return the deposit, with a written, itemized list of any deductions, no later than {{deposit_return}}, to the forwarding address the Tenant gives in writing.

## 5. Other fees

Besides rent, the Tenant pays these fees:

{{other_fees}}

No other fee is due under this Lease unless both parties agree to it in writing.

## 6. Utilities

Utilities and services are paid as follows:

{{utilities}}

The Tenant places each utility the Tenant pays for in the Tenant's own name from the first day of the Lease and keeps it connected until the tenancy ends. The Landlord keeps the services the Landlord pays for connected and will act promptly to restore one that is interrupted.

## 7. Occupants and guests

The number of people living in the Premises, including the Tenant, will not exceed {{occupants}}. A guest may stay for up to 14 nights in any six months; a longer stay needs the Landlord's written consent, which the Landlord will not unreasonably withhold.

## 8. Pets

{{pets}}

An assistance animal that a person with a disability needs is not a pet, and no pet rule, fee or deposit applies to it. The Tenant is responsible for any damage caused by an animal kept in the Premises.

## 9. Parking

{{parking}}

## 10. Use and occupancy

The Tenant will use the Premises only as a private home and will:

- keep the Premises clean, safe and free of pests the Tenant brings in;
- follow the written rules of the building or community that the Landlord has given the Tenant;
- not disturb the neighbors' peaceful enjoyment of their homes;
- not use the Premises, or allow them to be used, for anything illegal; and
- not run a business from the Premises that brings customers, employees or signs to it.

## 11. Maintenance and repairs

The Landlord will keep the Premises fit to live in and in the condition the law of {{state}} requires, including the structure, roof, plumbing, heating, electrical systems and the appliances the Landlord provides. The Landlord will make repairs within a reasonable time after being told of the need, and at once in an emergency.

The Tenant will keep the Premises clean, replace light bulbs and smoke alarm batteries, tell the Landlord promptly in writing about anything that needs repair, and pay the reasonable cost of repairing damage caused by the Tenant, the people living with the Tenant or their guests, beyond normal wear and tear. In an emergency, such as a fire, a flood or a gas leak, the Tenant calls the emergency services first and then the Landlord.

## 12. Entry by the Landlord

The Landlord may enter the Premises at reasonable times to inspect them, make repairs or agreed improvements, or show them to prospective tenants, buyers, lenders or contractors, after giving the Tenant at least 24 hours' written notice, or the longer notice the law of {{state}} requires. In an emergency that threatens people or property, the Landlord may enter without notice and will tell the Tenant promptly afterwards. The Landlord will not use the right of entry to harass the Tenant.

## 13. Alterations

The Tenant will not paint, make alterations or additions, install fixtures, or change or add locks without the Landlord's written consent. The Tenant may hang pictures with small nails or hooks. When the tenancy ends, the Tenant restores any alteration unless the Landlord has agreed in writing that it may stay. A change that a person with a disability needs is handled as the law requires.

## 14. Subletting and assignment

The Tenant may not sublet all or part of the Premises, assign this Lease, or rent the Premises to others for short stays without the Landlord's written consent. Where the law of {{state}} requires it, the Landlord will not unreasonably withhold that consent. Consent to one sublease or assignment is not consent to another.

## 15. Quiet enjoyment

As long as the Tenant pays the rent and keeps the promises in this Lease, the Tenant may have and enjoy the Premises peacefully, without interference from the Landlord or anyone acting for the Landlord.

## 16. Insurance

The Landlord insures the building. That insurance does not cover the Tenant's belongings or the Tenant's liability to others. Insuring them is the Tenant's own responsibility, and the Tenant is encouraged to carry renters insurance.

## 17. Default and termination

If the Tenant does not pay rent when it is due or breaks another promise in this Lease, the Landlord may give the Tenant written notice as the law of {{state}} requires. If the Tenant does not put the matter right within the time that law allows, the Landlord may end the tenancy through the legal process. The Landlord will not remove the Tenant or the Tenant's belongings, change the locks or shut off utilities except under a court order.

If the Landlord does not keep the Premises fit to live in or breaks another promise in this Lease, the Tenant has the remedies the law of {{state}} gives.

The Tenant may end this Lease before its term ends only as this Lease or the law allows, for example for active military service or, where the law provides, for the safety of a victim of domestic violence. A Tenant who leaves early otherwise remains responsible for the rent until the Premises are rented again or the term ends, whichever comes first, and the Landlord will make reasonable efforts to rent them again.

When the tenancy ends, the Tenant returns all keys, removes all belongings, and leaves the Premises clean and in the condition they were in at the start, except for normal wear and tear.

## 18. Notices

Notices under this Lease are given in writing: by hand, by mail, or by e-mail to the address each party signed this Lease with, where the law allows notice to be given that way. Notices to the Tenant may be delivered to the Premises. Notices to the Landlord go to the address the Landlord gives the Tenant in writing. Each party tells the other promptly of a change of address.

## 19. Entire agreement

This Lease, with the additional clauses and disclosures below and any addendum both parties sign, is the whole agreement between the Landlord and the Tenant about the Premises. It can be changed only in writing signed by both.

## 20. Severability

If a court finds any part of this Lease invalid or unenforceable, the rest of the Lease stays in effect, and that part is applied as far as the law allows. Nothing in this Lease takes away a right that the law of {{state}} gives the Tenant and does not allow to be waived.

## 21. Additional clauses

{{clauses}}

## 22. Disclosures

{{disclosures}}

## Signatures

The Landlord, each Tenant and any guarantor sign this Lease electronically. Each electronic signature has the same effect as a handwritten one. This Lease takes effect when everyone named above has signed it, and each of them receives a copy of the signed Lease.
$lease$, 'The first lease template.', 'published', now())
ON CONFLICT ("label") DO NOTHING;
