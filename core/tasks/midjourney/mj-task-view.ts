import { parseJsonText } from '../parse-json-text.js';

/** A midjourneys row as stored (spec console-api.md §9); times are unix milliseconds. */
export interface MidjourneyRow {
  id: number;
  code: number;
  user_id: number;
  action: string;
  mj_id: string;
  prompt: string;
  prompt_en: string;
  description: string;
  state: string;
  submit_time: number;
  start_time: number;
  finish_time: number;
  image_url: string;
  status: string;
  progress: string;
  fail_reason: string;
  channel_id: number;
  quota: number;
  buttons: string;
  properties: string;
}

/**
 * A task as Midjourney-Proxy reports it (new-api coverMidjourneyTaskDto): camelCase keys, the image
 * behind this server's proxy link when one is given, buttons and properties decoded.
 */
export function mjTaskView(row: MidjourneyRow, forwardedImage: ((mjId: string) => string) | null) {
  return {
    id: row.mj_id,
    action: row.action,
    customId: '',
    botType: '',
    prompt: row.prompt,
    promptEn: row.prompt_en,
    description: row.description,
    state: row.state,
    submitTime: row.submit_time,
    startTime: row.start_time,
    finishTime: row.finish_time,
    imageUrl: row.image_url && forwardedImage ? forwardedImage(row.mj_id) : row.image_url,
    status: row.status,
    progress: row.progress,
    failReason: row.fail_reason,
    buttons: parseJsonText(row.buttons),
    maskBase64: '',
    properties: parseJsonText(row.properties),
  };
}
