/** A Bedrock channel key: access key id, secret access key and region (`Ak|Sk|Region`). */
export interface BedrockKey {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

export function parseBedrockKey(key: string): BedrockKey {
  const parts = key.split('|').map((p) => p.trim());
  if (parts.length !== 3 || parts.some((p) => !p)) throw new Error('the AWS key must be Ak|Sk|Region');
  const [accessKeyId, secretAccessKey, region] = parts as [string, string, string];
  return { accessKeyId, secretAccessKey, region };
}
