/** Every local-storage key the console reads or writes (names from the product specs). */
export const storageKeys = {
  status: 'status',
  user: 'user',
  chats: 'chats',
  themeMode: 'theme-mode',
  defaultCollapseSidebar: 'default_collapse_sidebar',
  enableDataExport: 'enable_data_export',
  enableDrawing: 'enable_drawing',
  enableTask: 'enable_task',
  mjNotifyEnabled: 'mj_notify_enabled',
  noticeLastHiddenDate: 'noticeLastHiddenDate',
  footerHtml: 'footer_html',
  language: 'i18nextLng',
  pageSize: 'page-size',
  idSort: 'id-sort',
  channelsTableColumns: 'channels-table-columns',
  logsTableColumns: 'logs-table-columns',
  /** Referral code from `?aff=`, sent with registration. */
  aff: 'aff',
  /** Last successful read-only query results (secrets masked) for offline use. */
  queryCache: 'ferryman-query-cache',
  iosInstallHintDismissed: 'ios-install-hint-dismissed',
} as const;

export type StorageKey = (typeof storageKeys)[keyof typeof storageKeys];
