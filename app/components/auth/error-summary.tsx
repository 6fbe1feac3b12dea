// Pages outside the account area still import the error summary from here; it lives in the form kit.
export { ErrorSummary, problemsOf, type FormProblem } from '#app/components/ui/error-summary.tsx'
