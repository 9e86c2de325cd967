/** The submit routes under /mj (and /:mode/mj), by the path after `/mj/`. */
export const MJ_SUBMIT_ROUTES = [
  'submit/imagine',
  'submit/change',
  'submit/simple-change',
  'submit/describe',
  'submit/blend',
  'submit/upload-discord-images',
  'submit/modal',
  'submit/shorten',
  'submit/action',
  'submit/video',
  'submit/edits',
  'insight-face/swap',
] as const;
export type MjSubmitRoute = (typeof MJ_SUBMIT_ROUTES)[number];

/** The fields of a Midjourney-Proxy submit body this gateway reads; everything else passes through. */
export interface MjSubmitFields {
  prompt?: string;
  customId?: string;
  action?: string;
  index?: number;
  taskId?: string;
  content?: string;
}

/** What a submit asks for: the action billed (model mj_<action>), and the earlier task it works on. */
export interface MjIntent {
  action: string;
  /** the task this one changes (upscale, variation, modal…): it must be the caller's, on its channel */
  taskId: string | null;
}

export type MjIntentResult = { ok: true; intent: MjIntent } | { ok: false; description: string };

const FIXED: Partial<Record<MjSubmitRoute, string>> = {
  'submit/imagine': 'IMAGINE',
  'submit/describe': 'DESCRIBE',
  'submit/blend': 'BLEND',
  'submit/upload-discord-images': 'UPLOAD',
  'submit/shorten': 'SHORTEN',
  'submit/edits': 'EDITS',
  'insight-face/swap': 'SWAP_FACE',
};

const fail = (description: string): MjIntentResult => ({ ok: false, description });
const bound = (action: string, taskId: string): MjIntentResult => ({ ok: true, intent: { action, taskId } });

/**
 * new-api's GetMjRequestModel and the action half of RelayMidjourneySubmit: which action a submit is,
 * and which task it builds on. Unlike new-api, change/action/modal without a taskId are refused
 * (new-api skips the ownership and channel checks for them and forwards anyway).
 */
export function mjIntent(route: MjSubmitRoute, body: MjSubmitFields): MjIntentResult {
  const fixed = FIXED[route];
  if (fixed) return { ok: true, intent: { action: fixed, taskId: null } };
  const taskId = body.taskId ?? '';
  switch (route) {
    case 'submit/video':
      return { ok: true, intent: { action: 'VIDEO', taskId: taskId || null } };
    case 'submit/modal':
      return taskId ? bound('MODAL', taskId) : fail('task_id_is_required');
    case 'submit/simple-change': {
      const p = parseSimpleChange(body.content ?? '');
      return p ? bound(p.action, p.taskId) : fail('content_parse_failed');
    }
    case 'submit/action': {
      const a = plusActionOf(body.customId ?? '');
      if (typeof a === 'string') return fail(a);
      return taskId ? bound(a.action, taskId) : fail('task_id_is_required');
    }
    default: // submit/change
      if (!taskId) return fail('task_id_is_required');
      if (!body.action) return fail('action_is_required');
      if (!body.index) return fail('index_is_required');
      return bound(body.action.toUpperCase(), taskId);
  }
}

/** `"<taskId> U1"` / `V3` / `R` (new-api ConvertSimpleChangeParams). */
export function parseSimpleChange(content: string): { taskId: string; action: string; index: number } | null {
  const parts = content.split(' ');
  if (parts.length !== 2 || !parts[0] || !parts[1]) return null;
  const [taskId, code] = [parts[0], parts[1].toLowerCase()];
  if (code === 'r') return { taskId, action: 'REROLL', index: 0 };
  const action = code[0] === 'u' ? 'UPSCALE' : code[0] === 'v' ? 'VARIATION' : null;
  const index = Number(code.slice(1, 2));
  if (!action || !Number.isInteger(index) || index < 1 || index > 4) return null;
  return { taskId, action, index };
}

/**
 * A Midjourney-Proxy Plus button id (`MJ::JOB::upsample::2::<hash>`) → the action it runs
 * (new-api CoverPlusActionToNormalAction); a string is the error description.
 */
export function plusActionOf(customId: string): { action: string; index: number } | string {
  if (!customId) return 'custom_id_is_required';
  const parts = customId.split('::');
  const name = (parts[1] === 'JOB' ? parts[2] : parts[1]) ?? '';
  if (!name) return 'unknown_action';
  const indexed = (action: string) => {
    const index = Number(parts[3]);
    return Number.isInteger(index) ? { action, index } : 'index_parse_failed';
  };
  if (name.includes('upsample')) return indexed('UPSCALE');
  if (name === 'variation') return indexed('VARIATION');
  if (name === 'low_variation') return { action: 'LOW_VARIATION', index: 1 };
  if (name === 'high_variation') return { action: 'HIGH_VARIATION', index: 1 };
  if (name.includes('pan')) return { action: 'PAN', index: 1 };
  if (name.includes('reroll')) return { action: 'REROLL', index: 1 };
  const named: Record<string, string> = { Outpaint: 'ZOOM', CustomZoom: 'CUSTOM_ZOOM', Inpaint: 'INPAINT' };
  return named[name] ? { action: named[name], index: 1 } : `unknown_action:${customId}`;
}

/** The priced model of an action: mj_<action>, except swap_face (new-api CovertMjpActionToModelName). */
export const mjModelOf = (action: string): string => (action === 'SWAP_FACE' ? 'swap_face' : `mj_${action.toLowerCase()}`);

/** Inpaint and custom zoom are free in new-api whatever ModelPrice says. */
export const mjActionIsFree = (action: string): boolean => action === 'INPAINT' || action === 'CUSTOM_ZOOM';
