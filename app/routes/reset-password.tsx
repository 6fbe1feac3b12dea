export default function ResetPassword() {
  return <main><h1>reset-password</h1></main>
}
