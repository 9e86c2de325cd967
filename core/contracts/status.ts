import { z } from 'zod';
import { shortText } from './bounded-text.js';

/** One `Chats` entry: a display name mapped to a link template with `{key}` and `{address}`. */
export const chatEntrySchema = z.record(z.string(), z.string());

/** `GET /api/status` data (console-api §8.1): exactly these keys. */
export const siteStatusSchema = z.object({
  version: z.string(),
  start_time: z.number(),
  email_verification: z.boolean(),
  github_oauth: z.boolean(),
  github_client_id: z.string(),
  linuxdo_oauth: z.boolean(),
  linuxdo_client_id: z.string(),
  telegram_oauth: z.boolean(),
  telegram_bot_name: z.string(),
  system_name: z.string(),
  logo: z.string(),
  footer_html: z.string(),
  wechat_qrcode: z.string(),
  wechat_login: z.boolean(),
  server_address: z.string(),
  price: z.number(),
  min_topup: z.number(),
  turnstile_check: z.boolean(),
  turnstile_site_key: z.string(),
  top_up_link: z.string(),
  docs_link: z.string(),
  quota_per_unit: z.number(),
  display_in_currency: z.boolean(),
  enable_batch_update: z.boolean(),
  enable_drawing: z.boolean(),
  enable_task: z.boolean(),
  enable_data_export: z.boolean(),
  data_export_default_time: z.string(),
  default_collapse_sidebar: z.boolean(),
  enable_online_topup: z.boolean(),
  mj_notify_enabled: z.boolean(),
  chats: z.array(chatEntrySchema),
  demo_site_enabled: z.boolean(),
  self_use_mode_enabled: z.boolean(),
  oidc_enabled: z.boolean(),
  oidc_client_id: z.string(),
  oidc_authorization_endpoint: z.string(),
  setup: z.boolean(),
});
export type SiteStatus = z.infer<typeof siteStatusSchema>;

/** `GET /api/setup`: `{success:true,data:{status, root_init, database_type}}`, no message. */
export const setupStatusSchema = z.object({
  status: z.boolean(),
  root_init: z.boolean(),
  /** new-api: "mysql" | "postgres" | "sqlite"; Ferryman's embedded database may report "pglite". */
  database_type: z.string(),
});
export type SetupStatus = z.infer<typeof setupStatusSchema>;

/** `POST /api/setup` body. Credentials are ignored by the server once a root user exists. */
export const setupRequestSchema = z.object({
  username: z.string(),
  password: z.string(),
  confirmPassword: z.string(),
  SelfUseModeEnabled: z.boolean(),
  DemoSiteEnabled: z.boolean(),
});
export type SetupRequest = z.infer<typeof setupRequestSchema>;

/** The same body as the server reads it: what is missing is Go's zero value; the checks come after parsing. */
export const setupBodySchema = z.object({
  username: shortText.optional().default(''),
  password: shortText.optional().default(''),
  confirmPassword: shortText.optional().default(''),
  SelfUseModeEnabled: z.boolean().optional().default(false),
  DemoSiteEnabled: z.boolean().optional().default(false),
});
