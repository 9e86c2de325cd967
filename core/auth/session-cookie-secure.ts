export interface RequestOrigin {
  /** the X-Forwarded-Proto header, if any */
  forwardedProto: string | undefined;
  /** the direct peer is a trusted proxy (TRUSTED_PROXIES), so its forwarded headers may be believed */
  fromTrustedProxy: boolean;
  /** the ServerAddress option: the public address the operator configured */
  serverAddress: string;
}

/**
 * Whether the session cookie gets `Secure`: when the request came over HTTPS as told by a trusted proxy
 * (the first X-Forwarded-Proto value; a client cannot claim it), or when the public address is https.
 * Ferryman never terminates TLS itself, so these are the only two signs.
 */
export function sessionCookieSecure(origin: RequestOrigin): boolean {
  if (/^https:\/\//i.test(origin.serverAddress.trim())) return true;
  if (!origin.fromTrustedProxy || !origin.forwardedProto) return false;
  return origin.forwardedProto.split(',')[0]!.trim().toLowerCase() === 'https';
}
