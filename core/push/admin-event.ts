/**
 * What administrators are alerted about. Callers describe the event; core/push decides who is told and
 * how (see AdminPush.notifyAdmins).
 */
export type AdminEvent =
  /** the channel was disabled automatically (status 3) after a failure; reason is the upstream's message */
  | { kind: 'channel_disabled'; channel_id: number; channel_name: string; reason: string }
  /** an auto-disabled channel passed its test and was enabled again */
  | { kind: 'channel_enabled'; channel_id: number; channel_name: string }
  /**
   * a channel's balance was read (USD, as channels.balance). Send it on every balance update: each
   * administrator is alerted once when it falls below their threshold, not on every update while below.
   */
  | { kind: 'channel_balance'; channel_id: number; channel_name: string; balance: number }
  /** an online payment was credited: quota added, money paid */
  | { kind: 'topup'; user_id: number; username: string; quota: number; money: number }
  /** the settings card's test button */
  | { kind: 'test' };

export type PushLang = 'zh-CN' | 'en';

/** The JSON the service worker turns into a notification (pwa/public/push-sw.js reads these fields). */
export interface PushMessage {
  title: string;
  body: string;
  /** notifications with the same tag replace each other on the device */
  tag: string;
  /** the console page opened when the notification is tapped */
  url: string;
}

export interface QuotaText {
  /** quota as the console shows it (currency or points), e.g. formatQuota's output */
  (quota: number): string;
}

const usd = (n: number): string => `$${n.toFixed(2)}`;

/** The notification text for an event, in the subscriber's language. Channel texts follow new-api's root mails. */
export function renderAdminEvent(event: AdminEvent, lang: PushLang, quotaText: QuotaText): PushMessage {
  const zh = lang === 'zh-CN';
  switch (event.kind) {
    case 'channel_disabled': {
      const name = zh ? `通道「${event.channel_name}」（#${event.channel_id}）` : `Channel "${event.channel_name}" (#${event.channel_id})`;
      return {
        title: zh ? `${name}已被禁用` : `${name} was disabled`,
        body: zh ? `${name}已被禁用，原因：${event.reason}` : `${name} was disabled automatically. Reason: ${event.reason}`,
        tag: `channel-${event.channel_id}`,
        url: '/channel',
      };
    }
    case 'channel_enabled': {
      const name = zh ? `通道「${event.channel_name}」（#${event.channel_id}）` : `Channel "${event.channel_name}" (#${event.channel_id})`;
      return {
        title: zh ? `${name}已被启用` : `${name} was enabled`,
        body: zh ? `${name}已被启用` : `${name} passed its test and was enabled again.`,
        tag: `channel-${event.channel_id}`,
        url: '/channel',
      };
    }
    case 'channel_balance':
      return {
        title: zh ? '渠道余额不足' : 'Channel balance is low',
        body: zh
          ? `通道「${event.channel_name}」（#${event.channel_id}）余额为 ${usd(event.balance)}，请及时充值。`
          : `Channel "${event.channel_name}" (#${event.channel_id}) has ${usd(event.balance)} left. Top it up soon.`,
        tag: `balance-${event.channel_id}`,
        url: '/channel',
      };
    case 'topup':
      return {
        title: zh ? '充值到账' : 'Top-up received',
        body: zh
          ? `用户 ${event.username}（#${event.user_id}）在线充值 ${quotaText(event.quota)}，支付金额 ${event.money.toFixed(2)}`
          : `${event.username} (#${event.user_id}) topped up ${quotaText(event.quota)}, paid ${event.money.toFixed(2)}`,
        tag: `topup-${event.user_id}-${event.quota}-${event.money}`,
        url: '/log?type=1',
      };
    case 'test':
      return {
        title: zh ? '测试通知' : 'Test notification',
        body: zh ? '推送通知已开启，渠道告警和充值到账会发送到这台设备。' : 'Push alerts are on: channel alerts and top-ups will reach this device.',
        tag: 'test',
        url: '/personal?tab=notify',
      };
  }
}

/** True when this reading takes the balance below the threshold: the previous reading (if any) was not below. */
export function fellBelow(previous: number | undefined, balance: number, threshold: number): boolean {
  if (threshold <= 0 || balance >= threshold) return false;
  return previous === undefined || previous >= threshold;
}
