/** Row shapes as the driver returns them (int8 parsed to number in connect.ts); JSON keys follow new-api. */
export interface UserRow {
  id: number;
  username: string;
  password: string;
  display_name: string;
  role: number;
  status: number;
  email: string;
  github_id: string;
  oidc_id: string;
  wechat_id: string;
  telegram_id: string;
  linux_do_id: string;
  access_token: string | null;
  quota: number;
  used_quota: number;
  request_count: number;
  group: string;
  aff_code: string | null;
  aff_count: number;
  aff_quota: number;
  aff_history: number;
  inviter_id: number;
  deleted_at: Date | null;
  setting: string;
}

export interface TokenRow {
  id: number;
  user_id: number;
  key: string;
  status: number;
  name: string;
  created_time: number;
  accessed_time: number;
  expired_time: number;
  remain_quota: number;
  unlimited_quota: boolean;
  model_limits_enabled: boolean;
  model_limits: string;
  allow_ips: string | null;
  used_quota: number;
  group: string;
  deleted_at: Date | null;
}

export interface ChannelRow {
  id: number;
  type: number;
  key: string;
  openai_organization: string | null;
  test_model: string | null;
  status: number;
  name: string;
  weight: number;
  created_time: number;
  test_time: number;
  response_time: number;
  base_url: string | null;
  other: string;
  balance: number;
  balance_updated_time: number;
  models: string;
  group: string;
  used_quota: number;
  model_mapping: string | null;
  status_code_mapping: string | null;
  priority: number | null;
  auto_ban: number | null;
  other_info: string;
  tag: string | null;
  setting: string | null;
  param_override: string | null;
  /** json column, parsed by the driver; null on rows written before 0009 or by an older new-api */
  channel_info: unknown;
  header_override: string | null;
  settings: string | null;
  remark: string | null;
}

export interface LogRow {
  id: number;
  user_id: number;
  created_at: number;
  type: number;
  content: string;
  username: string;
  token_name: string;
  model_name: string;
  quota: number;
  prompt_tokens: number;
  completion_tokens: number;
  use_time: number;
  is_stream: boolean;
  channel_id: number;
  token_id: number;
  group: string;
  other: string;
}

export const LOG_TOPUP = 1;
export const LOG_CONSUME = 2;
export const LOG_MANAGE = 3;
export const LOG_SYSTEM = 4;
export const LOG_ERROR = 5;
