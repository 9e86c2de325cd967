/** A message for the root user (new-api's NotifyRootUser): the webhook type, a subject and an HTML content. */
export interface Notice {
  type: 'channel_update' | 'channel_test';
  subject: string;
  content: string;
}

/**
 * What a health transition asks the world to do. The actor hands these to the effects runner, which persists
 * status changes and notifies root (texts below) only when the database row actually changed (so several nodes, or several
 * failures racing, send one notice).
 */
export type HealthEffect =
  /** auto-disable (status 3) the channel, or one key of a multi-key channel */
  | { kind: 'disable'; channelId: number; key: number | null; reason: string }
  /** re-enable an auto-disabled channel (and the tested key of a multi-key channel) */
  | { kind: 'enable'; channelId: number; key: number | null }
  /** a circuit opened or closed on this node: logged, nothing persisted */
  | { kind: 'circuit'; channelId: number; key: number | null; open: boolean; failures: number; reason: string };

const label = (name: string, id: number) => `通道「${name}」（#${id}）`;

// new-api's texts (service/channel.go); a key of a multi-key channel is named after the channel.
export function disabledNotice(name: string, id: number, key: number | null, reason: string): Notice {
  const subject = key === null ? `${label(name, id)}已被禁用` : `${label(name, id)}的密钥 #${key} 已被禁用`;
  return { type: 'channel_update', subject, content: `${subject}，原因：${reason}` };
}

export function enabledNotice(name: string, id: number): Notice {
  const subject = `${label(name, id)}已被启用`;
  return { type: 'channel_update', subject, content: subject };
}

/** new-api's notice when a test-all run that an admin started has finished. */
export const TEST_ALL_DONE: Notice = { type: 'channel_test', subject: '通道测试完成', content: '所有通道测试已完成' };
