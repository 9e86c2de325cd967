import { z } from 'zod';

/** The fields of a Suno submit this gateway reads; every other field passes through to the upstream. */
export const sunoSubmitBody = z.looseObject({
  prompt: z.string().optional(),
  gpt_description_prompt: z.string().optional(),
  mv: z.string().optional(),
  task_id: z.string().optional(),
  continue_clip_id: z.string().optional(),
});
export type SunoSubmitBody = z.infer<typeof sunoSubmitBody>;

const MODELS: Record<string, string> = { MUSIC: 'suno_music', LYRICS: 'suno_lyrics' };

export interface SunoIntent {
  action: 'MUSIC' | 'LYRICS';
  model: string;
  /** what is sent upstream */
  body: SunoSubmitBody;
  /** a continuation names the caller's earlier task, whose channel it must use */
  originTaskId: string | null;
  /** shown in the task log as properties.input */
  input: string;
}

/**
 * new-api's Suno ValidateRequestAndSetAction: the action comes from the path, music gets the default
 * model version chirp-v3-0, lyrics need a prompt, and a continuation needs the task it continues.
 */
export function sunoIntent(actionParam: string, body: SunoSubmitBody): { ok: true; intent: SunoIntent } | { ok: false; message: string } {
  const action = actionParam.toUpperCase();
  if (action !== 'MUSIC' && action !== 'LYRICS') return { ok: false, message: 'invalid_action' };
  if (action === 'LYRICS' && !body.prompt) return { ok: false, message: 'prompt_empty' };
  if (body.continue_clip_id && !body.task_id) return { ok: false, message: 'task id is empty' };
  const out = action === 'MUSIC' && !body.mv ? { ...body, mv: 'chirp-v3-0' } : body;
  return {
    ok: true,
    intent: {
      action,
      model: MODELS[action]!,
      body: out,
      originTaskId: body.continue_clip_id ? body.task_id! : null,
      input: body.prompt || body.gpt_description_prompt || '',
    },
  };
}
