import type { ApiRoute } from '../api-route.js';
import { adminUserRoutes } from './admin-user-routes.js';
import { affiliateRoutes } from './affiliate-routes.js';
import { manageUserRoutes } from './manage-user-routes.js';
import { selfRoutes } from './self-routes.js';
import { userGroupsRoutes } from './user-groups-routes.js';
import { userSettingRoutes } from './user-setting-routes.js';

/** Self service and user administration under /api/user/* (login, logout and GET self are in login-routes). */
export const userRoutes: ApiRoute[] = [
  ...selfRoutes,
  ...affiliateRoutes,
  ...userGroupsRoutes,
  ...userSettingRoutes,
  ...manageUserRoutes,
  // last: it holds the /api/user/:id patterns
  ...adminUserRoutes,
];
