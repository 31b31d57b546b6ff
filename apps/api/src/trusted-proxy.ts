import proxyAddr from '@fastify/proxy-addr';

/**
 * Whether a socket's peer is one of the proxies TRUST_PROXY names (issue 27), compiled the way Fastify compiles
 * its own `trustProxy` string (comma-separated addresses, CIDRs or proxy-addr's names), so the two never
 * disagree. What a trusted proxy forwards (a request id) may be kept, and a request it relays is never taken for
 * one from this machine, even when the proxy itself runs on loopback.
 */
export function trustedProxyTest(trustProxy: string | false): (peerAddress: string) => boolean {
  if (trustProxy === false) return () => false;
  const trusted = proxyAddr.compile(trustProxy.split(',').map((value) => value.trim()));
  return (peerAddress) => peerAddress !== '' && trusted(peerAddress, 0);
}
