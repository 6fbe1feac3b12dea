export default function ForgotPassword() {
  return <main><h1>forgot-password</h1></main>
}
