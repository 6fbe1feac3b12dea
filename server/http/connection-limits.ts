// How long one connection may take, so that slow or silent clients cannot hold the server's
// connections: the request's headers must arrive within 10 s, the whole request (an upload on a slow
// line included) within 2 minutes. An idle keep-alive connection stays 65 s, longer than the 60 s a
// load balancer in front usually keeps one, so the balancer never reuses a connection being closed.
export const CONNECTION_LIMITS = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 120_000,
  keepAliveTimeoutMs: 65_000,
  /** How often Node checks the two timeouts above (its default, 30 s, would let them run long). */
  checkIntervalMs: 1_000,
} as const
