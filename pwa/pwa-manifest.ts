import type { ManifestOptions } from 'vite-plugin-pwa';

/** The web app manifest: installable on Chromium (name, 192/512 icons, start_url, standalone). */
export const pwaManifest: Partial<ManifestOptions> = {
  id: '/',
  name: 'Ferryman 控制台',
  short_name: 'Ferryman',
  description: 'AI 模型网关控制台：令牌、用量、充值与模型价格。',
  lang: 'zh-CN',
  start_url: '/token',
  scope: '/',
  display: 'standalone',
  orientation: 'any',
  theme_color: '#1d4ed8',
  background_color: '#0b1120',
  categories: ['developer', 'productivity', 'utilities'],
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
  shortcuts: [
    {
      name: 'API 令牌',
      short_name: '令牌',
      description: '管理 API 令牌',
      url: '/token',
      icons: [{ src: '/icons/shortcut-token-96.png', sizes: '96x96', type: 'image/png' }],
    },
    {
      name: '使用日志',
      short_name: '日志',
      description: '查看用量日志',
      url: '/log',
      icons: [{ src: '/icons/shortcut-log-96.png', sizes: '96x96', type: 'image/png' }],
    },
  ],
};
