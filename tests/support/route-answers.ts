// What a route module's loader or action answered, however it answered: a thrown or returned
// Response (a redirect, a 404), React Router's data() with its status, or plain data.
export async function settle(run: () => unknown): Promise<{ status: number; body: unknown; response?: Response }> {
  let result: unknown
  try {
    result = await run()
  } catch (thrown) {
    result = thrown
  }
  if (result instanceof Response) return { status: result.status, body: null, response: result }
  if (result && typeof result === 'object' && 'init' in result && 'data' in result) {
    const answer = result as { data: unknown; init: ResponseInit | null }
    return { status: answer.init?.status ?? 200, body: answer.data }
  }
  return { status: 200, body: result }
}
