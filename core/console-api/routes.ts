import type { ApiRoute } from './api-route.js';
import { channelBalanceRoutes } from './channel/channel-balance-routes.js';
import { codexRoutes } from './codex/codex-routes.js';
import { channelRoutes } from './channel/channel-routes.js';
import { channelTestRoutes } from './channel/channel-test-routes.js';
import { dataRoutes } from './data/data-routes.js';
import { logRoutes } from './log/log-routes.js';
import { optionRoutes } from './option/option-routes.js';
import { pushRoutes } from './push/push-routes.js';
import { pricingRoutes } from './pricing/pricing-routes.js';
import { publicRoutes } from './public/public-routes.js';
import { redemptionRoutes } from './redemption/redemption-routes.js';
import { setupRoutes } from './setup/setup-routes.js';
import { statusRoutes } from './status/status-routes.js';
import { mjRoutes } from './tasks/mj-routes.js';
import { taskRoutes } from './tasks/task-routes.js';
import { tokenRoutes } from './token/token-routes.js';
import { topupRoutes } from './topup/topup-routes.js';
import { loginRoutes } from './user/login-routes.js';
import { userRoutes } from './user/user-routes.js';
import { accountRoutes } from './account/account-routes.js';
import { oauthRoutes } from './oauth/oauth-routes.js';

/**
 * The console API: one table of (method, path, access, handler). Each resource folder exports its rows;
 * the order here is registration order (static segments before :params within a resource).
 */
export const routes: ApiRoute[] = [
  ...setupRoutes,
  ...statusRoutes,
  ...loginRoutes,
  ...accountRoutes,
  ...oauthRoutes,
  ...userRoutes,
  ...channelTestRoutes,
  ...channelBalanceRoutes,
  ...codexRoutes,
  ...channelRoutes,
  ...tokenRoutes,
  ...optionRoutes,
  ...redemptionRoutes,
  ...topupRoutes,
  ...pricingRoutes,
  ...publicRoutes,
  ...logRoutes,
  ...dataRoutes,
  ...mjRoutes,
  ...taskRoutes,
  ...pushRoutes,
];
