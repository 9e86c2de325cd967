import { describe, expect, it } from 'vitest';
import type { OutboundPolicy, Resolve } from '../upstream/outbound-policy.js';
import { webhookTargetProblem } from './webhook-target.js';

const USER: OutboundPolicy = { allowPrivate: false, allowMetadata: false };
const resolve: Resolve = async (name) => {
  const table: Record<string, string[]> = { 'hooks.example': ['93.184.216.34'], 'intranet.example': ['10.1.2.3'], localhost: ['::1', '127.0.0.1'] };
  if (!table[name]) throw new Error(`getaddrinfo ENOTFOUND ${name}`);
  return table[name];
};

describe('webhookTargetProblem', () => {
  it.each<[string, string | null]>([
    ['https://hooks.example/notify', null],
    ['http://127.0.0.1:8080/hook', 'Webhook地址不允许指向内网或保留地址：127.0.0.1（本机回环）'],
    ['http://2130706433/hook', 'Webhook地址不允许指向内网或保留地址：127.0.0.1（本机回环）'],
    ['http://localhost/hook', 'Webhook地址不允许指向内网或保留地址：::1（本机回环）'],
    ['http://[::ffff:127.0.0.1]/hook', 'Webhook地址不允许指向内网或保留地址：::ffff:7f00:1（本机回环）'],
    ['http://intranet.example/hook', 'Webhook地址不允许指向内网或保留地址：10.1.2.3（内网）'],
    ['http://100.64.0.1/hook', 'Webhook地址不允许指向内网或保留地址：100.64.0.1（内网）'],
    ['http://169.254.169.254/latest/meta-data/', 'Webhook地址不允许指向内网或保留地址：169.254.169.254（云元数据）'],
    ['http://[fe80::1]/hook', 'Webhook地址不允许指向内网或保留地址：fe80::1（链路本地）'],
    ['http://0.0.0.0/hook', 'Webhook地址不允许指向内网或保留地址：0.0.0.0（未指定）'],
    ['http://224.0.0.1/hook', 'Webhook地址不允许指向内网或保留地址：224.0.0.1（组播）'],
    ['http://240.0.0.1/hook', 'Webhook地址不允许指向内网或保留地址：240.0.0.1（保留）'],
    ['http://no-such-host.example/hook', 'Webhook地址无法解析：no-such-host.example'],
  ])('%s → %s', async (url, problem) => {
    expect(await webhookTargetProblem(url, USER, resolve)).toBe(problem);
  });

  it('lets private targets through when the operator allows them, but never metadata', async () => {
    const open: OutboundPolicy = { allowPrivate: true, allowMetadata: false };
    expect(await webhookTargetProblem('http://127.0.0.1:8080/hook', open, resolve)).toBeNull();
    expect(await webhookTargetProblem('http://intranet.example/hook', open, resolve)).toBeNull();
    expect(await webhookTargetProblem('http://[fd00:ec2::254]/', open, resolve)).toBe('Webhook地址不允许指向内网或保留地址：fd00:ec2::254（云元数据）');
  });
});
