/**
 * TRUST_PROXY (config.ts) as Fastify's `trustProxy`. Fastify reads a bare number as "trust nothing", so a hop count
 * becomes a function trusting the connection's peer and the entries it and the proxies before it appended, counted
 * from the right: with 1, the client is the right-most X-Forwarded-For address, the one nginx wrote.
 */
export function trustProxyOption(setting: false | number | string[]): boolean | string[] | TrustProxyFunction {
  if (typeof setting !== 'number') return setting;
  return (_address, hop) => hop < setting;
}

type TrustProxyFunction = (address: string, hop: number) => boolean;
