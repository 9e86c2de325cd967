// new-api's relay/channel/aws constants: Anthropic's model names → Bedrock model ids, and which ids have a
// cross-region inference profile in which geography (a `us.` / `eu.` / `apac.` prefix before the id).
const BEDROCK_MODEL_IDS: Readonly<Record<string, string>> = {
  'claude-instant-1.2': 'anthropic.claude-instant-v1',
  'claude-2.0': 'anthropic.claude-v2',
  'claude-2.1': 'anthropic.claude-v2:1',
  'claude-3-sonnet-20240229': 'anthropic.claude-3-sonnet-20240229-v1:0',
  'claude-3-opus-20240229': 'anthropic.claude-3-opus-20240229-v1:0',
  'claude-3-haiku-20240307': 'anthropic.claude-3-haiku-20240307-v1:0',
  'claude-3-5-sonnet-20240620': 'anthropic.claude-3-5-sonnet-20240620-v1:0',
  'claude-3-5-sonnet-20241022': 'anthropic.claude-3-5-sonnet-20241022-v2:0',
  'claude-3-5-haiku-20241022': 'anthropic.claude-3-5-haiku-20241022-v1:0',
  'claude-3-7-sonnet-20250219': 'anthropic.claude-3-7-sonnet-20250219-v1:0',
  'claude-sonnet-4-20250514': 'anthropic.claude-sonnet-4-20250514-v1:0',
  'claude-opus-4-20250514': 'anthropic.claude-opus-4-20250514-v1:0',
  'claude-opus-4-1-20250805': 'anthropic.claude-opus-4-1-20250805-v1:0',
  'claude-sonnet-4-5-20250929': 'anthropic.claude-sonnet-4-5-20250929-v1:0',
  'claude-haiku-4-5-20251001': 'anthropic.claude-haiku-4-5-20251001-v1:0',
  'claude-opus-4-5-20251101': 'anthropic.claude-opus-4-5-20251101-v1:0',
};

type Geography = 'us' | 'eu' | 'ap';
const US: readonly Geography[] = ['us'];
const US_AP: readonly Geography[] = ['us', 'ap'];
const ALL: readonly Geography[] = ['us', 'eu', 'ap'];

/** new-api's awsModelCanCrossRegionMap (the Claude rows): the geographies whose inference profile serves an id. */
const CROSS_REGION: Readonly<Record<string, readonly Geography[]>> = {
  'anthropic.claude-3-sonnet-20240229-v1:0': ALL,
  'anthropic.claude-3-opus-20240229-v1:0': US,
  'anthropic.claude-3-haiku-20240307-v1:0': ALL,
  'anthropic.claude-3-5-sonnet-20240620-v1:0': ALL,
  'anthropic.claude-3-5-sonnet-20241022-v2:0': US_AP,
  'anthropic.claude-3-5-haiku-20241022-v1:0': US,
  'anthropic.claude-3-7-sonnet-20250219-v1:0': ALL,
  'anthropic.claude-sonnet-4-20250514-v1:0': ALL,
  'anthropic.claude-opus-4-20250514-v1:0': US,
  'anthropic.claude-opus-4-1-20250805-v1:0': US,
  'anthropic.claude-sonnet-4-5-20250929-v1:0': ALL,
  'anthropic.claude-haiku-4-5-20251001-v1:0': ALL,
  'anthropic.claude-opus-4-5-20251101-v1:0': ALL,
};

/** The profile prefix of a geography: Asia-Pacific regions (ap-…) use `apac.`. */
const PROFILE_PREFIX: Readonly<Record<Geography, string>> = { us: 'us', eu: 'eu', ap: 'apac' };

/**
 * The Bedrock id to invoke for a model in a region (new-api's resolveAwsModelID): the mapped id, prefixed with
 * its geography's inference profile where one serves it (us-east-1 → `us.…`, eu-west-1 → `eu.…`,
 * ap-northeast-1 → `apac.…`). A name already in Bedrock's form, prefixed or not, or unknown, goes as it is.
 */
export function bedrockModelId(model: string, region = ''): string {
  const id = BEDROCK_MODEL_IDS[model] ?? model;
  const geography = region.split('-')[0] as Geography;
  return CROSS_REGION[id]?.includes(geography) ? `${PROFILE_PREFIX[geography]}.${id}` : id;
}
