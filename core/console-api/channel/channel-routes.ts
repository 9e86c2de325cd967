import type { ApiRoute } from '../api-route.js';
import { channelKeyHandlers as key } from './channel-key-routes.js';
import { channelListHandlers as read } from './channel-list-routes.js';
import { channelModelsHandlers as models } from './channel-models-routes.js';
import { channelTagHandlers as tag } from './channel-tag-routes.js';
import { channelWriteHandlers as write } from './channel-write-routes.js';

// Other resources built their search on this; it now lives with the repositories.
export { escapeLike } from '../../db/repositories/like-pattern.js';

/**
 * new-api's channel routes (admin; revealing a key is root's). Static paths come before the :id rows that
 * would otherwise catch them.
 */
export const channelRoutes: ApiRoute[] = [
  { method: 'get', path: '/api/channel/', access: 'admin', handler: read.list },
  { method: 'get', path: '/api/channel/search', access: 'admin', handler: read.search },
  { method: 'get', path: '/api/channel/models', access: 'admin', handler: models.builtInModels },
  { method: 'get', path: '/api/channel/models_enabled', access: 'admin', handler: models.modelsEnabled },
  { method: 'get', path: '/api/channel/tag/models', access: 'admin', handler: tag.tagModels },
  { method: 'get', path: '/api/channel/fetch_models/:id', access: 'admin', handler: models.fetchForChannel },
  { method: 'get', path: '/api/channel/:id', access: 'admin', handler: read.getOne },
  { method: 'post', path: '/api/channel/', access: 'admin', handler: write.create },
  { method: 'put', path: '/api/channel/', access: 'admin', handler: write.update },
  { method: 'delete', path: '/api/channel/disabled', access: 'admin', handler: write.removeDisabled },
  { method: 'post', path: '/api/channel/tag/disabled', access: 'admin', handler: tag.disableTag },
  { method: 'post', path: '/api/channel/tag/enabled', access: 'admin', handler: tag.enableTag },
  { method: 'put', path: '/api/channel/tag', access: 'admin', handler: tag.editTag },
  { method: 'post', path: '/api/channel/batch', access: 'admin', handler: write.removeBatch },
  { method: 'post', path: '/api/channel/fix', access: 'admin', handler: write.fix },
  { method: 'post', path: '/api/channel/fetch_models', access: 'admin', handler: models.fetchForForm },
  { method: 'post', path: '/api/channel/batch/tag', access: 'admin', handler: tag.batchSetTag },
  { method: 'post', path: '/api/channel/copy/:id', access: 'admin', handler: write.copy },
  { method: 'post', path: '/api/channel/multi_key/manage', access: 'admin', handler: key.manageMultiKeys },
  { method: 'post', path: '/api/channel/:id/key', access: 'root', critical: true, handler: key.revealKey },
  { method: 'delete', path: '/api/channel/:id', access: 'admin', handler: write.remove },
];
