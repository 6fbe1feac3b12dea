-- Co-applicants (decision 033): an application's log records an invitation sent and a co-applicant joined.
ALTER TABLE "application_event" DROP CONSTRAINT "application_event_action_check";--> statement-breakpoint
ALTER TABLE "application_event" ADD CONSTRAINT "application_event_action_check" CHECK ("application_event"."action" in ('drafted', 'submitted', 'review_started', 'info_requested', 'info_provided', 'approved', 'conditionally_approved', 'declined', 'withdrawn', 'expired', 'home_taken_notice', 'documents_deleted', 'co_applicant_invited', 'co_applicant_joined'));
