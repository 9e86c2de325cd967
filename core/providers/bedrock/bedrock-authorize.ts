import type { Authorize } from '../provider.js';
import { bedrockCall } from './bedrock-call.js';
import { parseBedrockKey } from './bedrock-key.js';
import { sigV4Sign } from './sigv4-sign.js';

/** AWS Bedrock (type 33): Claude's call moved onto InvokeModel and signed with the key's credentials (SigV4). */
export const bedrockAuthorize: Authorize = (call, { ch, key, model, stream }) => {
  const aws = parseBedrockKey(key);
  return sigV4Sign(bedrockCall(call, { base: ch.baseUrl, region: aws.region, model, stream }), aws, 'bedrock');
};
