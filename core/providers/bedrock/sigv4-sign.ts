import { Sha256 } from '@aws-crypto/sha256-js';
import type { UpstreamCall } from '../provider.js';
import type { BedrockKey } from './bedrock-key.js';

/**
 * The call signed with AWS Signature Version 4 (the maintained @smithy signer): every header of the call is
 * signed, plus host and the x-amz-* ones it adds. The host header is left to the HTTP client, which sends
 * the same value (the URL's host and port) that was signed.
 */
export async function sigV4Sign(call: UpstreamCall, key: BedrockKey, service: string, signingDate?: Date): Promise<UpstreamCall> {
  const url = new URL(call.url);
  // loaded at the first Bedrock call, not in every relay thread's heap (README, Memory footprint)
  const { SignatureV4 } = await import('@smithy/signature-v4');
  const signer = new SignatureV4({
    credentials: { accessKeyId: key.accessKeyId, secretAccessKey: key.secretAccessKey },
    region: key.region,
    service,
    sha256: Sha256,
    // no x-amz-content-sha256 header: only S3 wants it; the payload hash is in the signature either way
    applyChecksum: false,
  });
  const query: Record<string, string> = {};
  url.searchParams.forEach((v, k) => (query[k] = v));
  const signed = await signer.sign(
    {
      method: 'POST',
      protocol: url.protocol,
      hostname: url.hostname,
      ...(url.port ? { port: Number(url.port) } : {}),
      path: url.pathname,
      query,
      headers: { ...call.headers, host: url.host },
      body: call.body,
    },
    signingDate ? { signingDate } : {},
  );
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(signed.headers)) if (name !== 'host') headers[name] = value;
  return { ...call, headers };
}
