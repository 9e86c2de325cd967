import type { AddressClass } from '../upstream/address-class.js';
import { OutboundRefusedError, resolveAllowed, type OutboundPolicy, type Resolve } from '../upstream/outbound-policy.js';

const CLASS_LABEL: Record<AddressClass, string> = {
  public: '公网',
  loopback: '本机回环',
  private: '内网',
  'link-local': '链路本地',
  metadata: '云元数据',
  unspecified: '未指定',
  multicast: '组播',
  reserved: '保留',
};

/**
 * Why a webhook URL (already known to be http(s)) cannot be saved, or null when it can: its host must
 * resolve, and only to addresses the user-url policy allows. The send checks again on the address it
 * connects to, since DNS may answer differently by then.
 */
export async function webhookTargetProblem(url: string, policy: OutboundPolicy, resolve?: Resolve): Promise<string | null> {
  const { hostname } = new URL(url);
  try {
    await resolveAllowed(hostname, policy, resolve);
    return null;
  } catch (e) {
    if (e instanceof OutboundRefusedError) {
      return `Webhook地址不允许指向内网或保留地址：${e.address}（${CLASS_LABEL[e.addressClass]}）`;
    }
    return `Webhook地址无法解析：${hostname}`;
  }
}
