import type { ChannelTypeFilter } from '../actors/select-channel.js';
import type { AppServices } from '../app-services.js';
import { estimatePreConsume, tokensFromBytes } from '../billing/estimate-pre-consume.js';
import { formatQuota } from '../billing/format-quota.js';
import { characterCount, imageCallPrice, imageLogNote, imageUsage, rerankUsage, speechCountsCharacters, transcriptionTokens, type MediaUsage } from '../billing/media-price.js';
import type { Reservation } from '../billing/quota-ledger.js';
import type { TextQuotaExtras } from '../billing/compute-quota.js';
import { computeRelayQuota, textUsageFromReport } from '../billing/relay-quota.js';
import { resolvePrice, type ResolvedPrice } from '../billing/resolve-price.js';
import { webSearchPreviewToolPrice } from '../billing/tool-call-price.js';
import { audioDurationSeconds } from '../formats/media/audio-duration.js';
import { MediaRequestError, parseMediaRequest, type MediaKind, type MediaRequest } from '../formats/media/media-request.js';
import { formText } from '../formats/media/multipart.js';
import type { Exchange } from '../http/exchange.js';
import type { PromptFormat } from '../policies/sensitive-words/prompt-texts.js';
import type { Caller } from './authenticate-token.js';
import { distribute } from './distribute.js';
import { forwardedQuery, isMediaKind, type RelayEndpoint } from './endpoints.js';
import { forwardMedia } from './forward-media.js';
import { mediaUnsupported, servesMedia } from './media-upstream.js';
import { acceptsUnsetRatio, priceSettingsOf } from './price-settings-view.js';
import { quotaError } from './quota-error.js';
import { recordConsume } from './record-consume.js';
import { localError } from './relay-error.js';
import { settleCharge, tryChannels, type RelayRuntime } from './relay-pipeline.js';

/** How a media request is billed: its price (an image's fixed price multiplied out), and the prompt known before the call. */
interface MediaBill {
  price: ResolvedPrice;
  /** speech input, transcription seconds as tokens, moderation and rerank text; null for images (their answer says) */
  promptTokens: number | null;
  /** the reservation */
  amount: number;
}

/** The selection filter of each kind: only channel types that serve it (one closure per kind, made once). */
const SERVES: Readonly<Record<MediaKind, ChannelTypeFilter>> = {
  image_generation: (type) => servesMedia(type, 'image_generation'),
  image_edit: (type) => servesMedia(type, 'image_edit'),
  speech: (type) => servesMedia(type, 'speech'),
  transcription: (type) => servesMedia(type, 'transcription'),
  translation: (type) => servesMedia(type, 'translation'),
  moderation: (type) => servesMedia(type, 'moderation'),
  rerank: (type) => servesMedia(type, 'rerank'),
  alpha_search: (type) => servesMedia(type, 'alpha_search'),
};

/**
 * The kinds whose prompt new-api checks for sensitive words (CheckSensitiveOnPromptEnabled), and the code of
 * its refusal: images and speech are refused while their request is validated (getAndValidImageRequest /
 * getAndValidAudioRequest), moderations on the text path. Transcriptions and rerank are not checked.
 */
const SENSITIVE_CHECK: Partial<Readonly<Record<MediaKind, { format: PromptFormat; code: string }>>> = {
  image_generation: { format: 'image', code: 'invalid_image_request' },
  image_edit: { format: 'image', code: 'invalid_image_request' },
  speech: { format: 'speech', code: 'invalid_audio_request' },
  moderation: { format: 'moderation', code: 'sensitive_words_detected' },
};

/**
 * The media requests (images, speech, transcriptions, moderations, rerank) after authentication, through
 * the relay's own stages: parse (400 before any cost) → sensitive words → route (only channel types that
 * serve the kind) → price → reserve → try channels → settle → log. The reservation is settled or refunded
 * exactly once. Returns what was charged.
 */
export async function relayMedia(app: AppServices, relay: RelayRuntime, ex: Exchange, endpoint: RelayEndpoint, caller: Caller, raw: Buffer, startedAt: number): Promise<number> {
  if (!isMediaKind(endpoint.kind)) throw new Error(`${endpoint.path} is not a media route`);
  let req: MediaRequest;
  try {
    req = await parseMediaRequest(endpoint.kind, raw, ex.req.headers['content-type']);
  } catch (e) {
    if (e instanceof MediaRequestError) throw localError(400, e.message, e.code, 'invalid_request_error');
    throw e;
  }
  refuseSensitiveMedia(app, req);
  const serves = SERVES[req.kind];
  const route = await distribute(app, caller, req.model, () => app.clientIp(ex.req.remoteIp, ex.req.headers['x-forwarded-for']), serves);
  // an admin-pinned channel is not selected, so its type is checked here, still before any cost
  if (route.pinned && !serves(route.pinned.config.type)) throw mediaUnsupported(route.pinned.config, req.kind);
  const settings = priceSettingsOf(app.options);
  const resolved = resolvePrice(req.model, route.group, settings, acceptsUnsetRatio(caller.user));
  if (!resolved.ok) throw localError(500, resolved.message, 'model_price_error');
  const bill = await mediaBill(app, req, resolved, raw.length);

  const reserved = await app.ledger.reserve(caller.user.id, caller.token.id, caller.token.unlimitedQuota || caller.playground, bill.amount);
  if (!reserved.ok) {
    // new-api's own refusal for a fixed-price image the user cannot afford
    if (req.image && bill.price.usePrice && reserved.reason === 'user' && reserved.userQuota > 0) throw imageQuotaError(app, reserved.userQuota, bill.amount);
    throw quotaError(reserved, bill.amount, app);
  }
  const reservation: Reservation = reserved.reservation;
  try {
    const useChannel: string[] = [];
    const deps = { env: app.env, options: app.options, log: app.log, upstream: relay.upstream, saveKey: relay.saveKey };
    const query = forwardedQuery(endpoint, ex.req.query);
    const outcome = await tryChannels(app, ex, req.model, route.group, route.pinned, useChannel, relay, (channel) => forwardMedia(deps, ex, req, query, channel), serves);
    const { usage, estimated } = mediaUsage(req, outcome.answer, bill.promptTokens);
    const q = computeRelayQuota(bill.price, textUsageFromReport(usage), 'openai', settings, quotaExtras(req));
    const settlement = await settleCharge(app, caller, reservation, q, outcome.channelId);
    const imageTokens = usage.prompt_tokens_details?.image_tokens ?? 0;
    recordConsume(app, {
      req: { model: req.model, stream: false },
      caller,
      price: bill.price,
      quota: q,
      settlement,
      usage: { usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens }, estimated },
      outcome: { ...outcome, frtMs: -1000, partial: false },
      group: route.group,
      useChannel,
      startedAt,
      ...(req.image ? { contentNote: imageLogNote(req.image) } : {}),
      // new-api's image keys, when the answer reports image input tokens (recordConsume adds the web search ones)
      ...(imageTokens ? { otherExtra: { image: true, image_ratio: bill.price.imageRatio, image_output: usage.completion_tokens } } : {}),
    });
    return settlement.charged;
  } catch (e) {
    app.ledger.refund(reservation);
    throw e;
  }
}

/** CheckSensitiveOnPromptEnabled for the kinds new-api checks: refused with its code, before any cost or upstream call. */
function refuseSensitiveMedia(app: AppServices, req: MediaRequest): void {
  const check = SENSITIVE_CHECK[req.kind];
  if (!check) return;
  // an image edit is multipart: its prompt is a form field
  const body = req.body.type === 'json' ? req.body.json : { prompt: formText(req.body.form, 'prompt') };
  const refusal = app.policies.sensitiveWords.checkPrompt(check.format, body);
  if (!refusal) return;
  app.log.warn('user sensitive words detected', { words: refusal.words.join(', ') });
  throw localError(refusal.status, refusal.message, check.code);
}

/** The price, the prompt known before the call and the reservation, by new-api's rule for the kind. */
async function mediaBill(app: AppServices, req: MediaRequest, price: ResolvedPrice, bodyBytes: number): Promise<MediaBill> {
  const settings = priceSettingsOf(app.options);
  if (req.image) {
    // a fixed price is multiplied out by size, quality and n; a ratio model (gpt-image-1) pays its answer's usage
    const billed = price.usePrice ? { ...price, modelPrice: imageCallPrice(price.modelPrice, req.image) } : price;
    return { price: billed, promptTokens: null, amount: estimatePreConsume(billed, tokensFromBytes(bodyBytes), 0, settings) };
  }
  if (req.kind === 'alpha_search') {
    // no usage comes back: the charge is known now, and exactly that is held
    const known = computeRelayQuota(price, textUsageFromReport(NO_USAGE), 'openai', settings, quotaExtras(req));
    return { price, promptTokens: 0, amount: known.quota };
  }
  const promptTokens = await knownPrompt(app, req);
  return { price, promptTokens, amount: estimatePreConsume(price, promptTokens, 0, settings) };
}

const NO_USAGE: MediaUsage = { prompt_tokens: 0, completion_tokens: 0 };

/**
 * What is billed besides the usage: an alpha search, whose upstream reports no usage, is one
 * web_search_preview call (new-api's AlphaSearchHelper) at L's tool price for the client's model, on top
 * of the model's price.
 */
const quotaExtras = (req: MediaRequest): TextQuotaExtras =>
  req.kind === 'alpha_search' ? { model: req.model, webSearchCalls: 1, webSearchPrice: webSearchPreviewToolPrice(req.model) } : { model: req.model };

async function knownPrompt(app: AppServices, req: MediaRequest): Promise<number> {
  if (req.audio) {
    const seconds = await audioDurationSeconds(req.audio.data, req.audio.type || undefined);
    if (seconds === null) throw localError(400, 'could not read the duration of the audio file', 'invalid_audio_request', 'invalid_request_error');
    return transcriptionTokens(seconds);
  }
  if (req.kind === 'speech' && speechCountsCharacters(req.model)) return characterCount(req.text);
  return app.tokenCounter.count({ kind: 'text', model: req.model, text: req.text });
}

/**
 * The billed usage: images and rerank from the answer (rerank counted locally when it says nothing),
 * speech, transcriptions and moderations from the prompt known before the call, as new-api's handlers do.
 */
function mediaUsage(req: MediaRequest, answer: unknown, promptTokens: number | null): { usage: MediaUsage; estimated: boolean } {
  if (req.image) return { usage: imageUsage(answer, req.image.n), estimated: false };
  const known: MediaUsage = { prompt_tokens: promptTokens ?? 0, completion_tokens: 0 };
  if (req.kind === 'rerank') {
    const reported = rerankUsage(answer);
    return reported ? { usage: reported, estimated: false } : { usage: known, estimated: true };
  }
  return { usage: known, estimated: false };
}

function imageQuotaError(app: AppServices, userQuota: number, need: number) {
  const fmt = (q: number) => formatQuota(q, app.options.bool('DisplayInCurrencyEnabled'), app.options.number('QuotaPerUnit'));
  return localError(403, `image pre-consumed quota failed, user quota: ${fmt(userQuota)}, need quota: ${fmt(need)}`, 'insufficient_user_quota');
}
