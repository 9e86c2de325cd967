import { describe, expect, it } from 'vitest';
import { classifyAddress, type AddressClass } from './address-class.js';

/** The host part of a URL as the gateway's URL parser (and undici) sees it. */
const hostOf = (url: string) => new URL(url).hostname;

describe('classifyAddress', () => {
  it.each<[string, AddressClass]>([
    // loopback in every spelling
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['2130706433', 'loopback'], // decimal
    ['0177.0.0.1', 'loopback'], // octal
    ['0x7f000001', 'loopback'], // hex
    ['0x7f.0.0.1', 'loopback'],
    ['127.1', 'loopback'], // short
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'], // IPv4-mapped
    ['::ffff:7f00:1', 'loopback'],
    ['0:0:0:0:0:ffff:7f00:1', 'loopback'],
    ['::ffff:0:7f00:1', 'loopback'], // IPv4-translated (SIIT)
    ['64:ff9b::127.0.0.1', 'loopback'], // NAT64
    ['2002:7f00:1::', 'loopback'], // 6to4
    // private
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'private'], // CGNAT
    ['100.127.255.255', 'private'],
    ['fc00::1', 'private'],
    ['fd12:3456::1', 'private'],
    ['fec0::1', 'private'],
    ['::ffff:10.0.0.1', 'private'],
    ['64:ff9b::192.168.0.1', 'private'],
    ['64:ff9b:1::1', 'private'], // local-use NAT64
    // link-local
    ['169.254.0.1', 'link-local'],
    ['169.254.170.2', 'link-local'], // AWS ECS task credentials
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    // metadata, even in other spellings and inside ranges an operator may open
    ['169.254.169.254', 'metadata'],
    ['2852039166', 'metadata'],
    ['0xa9.0xfe.0xa9.0xfe', 'metadata'],
    ['::ffff:169.254.169.254', 'metadata'],
    ['64:ff9b::a9fe:a9fe', 'metadata'],
    ['fd00:ec2::254', 'metadata'],
    ['fd00:ec2:0:0:0:0:0:254', 'metadata'],
    ['fd00:ec2::254%eth0', 'metadata'],
    ['100.100.100.200', 'metadata'],
    // unspecified
    ['0.0.0.0', 'unspecified'],
    ['0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['::', 'unspecified'],
    ['::ffff:0.0.0.0', 'unspecified'],
    // multicast and reserved
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['ff02::1', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['240.0.0.1', 'reserved'],
    ['192.0.2.1', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['192.0.0.192', 'reserved'], // Oracle Cloud metadata
    ['::7f00:1', 'reserved'], // deprecated IPv4-compatible
    ['100::1', 'reserved'], // discard
    ['2001::1', 'reserved'], // Teredo
    ['2001:db8::1', 'reserved'],
    ['not an address', 'reserved'],
    ['', 'reserved'],
    // public
    ['8.8.8.8', 'public'],
    ['172.32.0.1', 'public'],
    ['100.128.0.1', 'public'],
    ['::ffff:8.8.8.8', 'public'],
    ['64:ff9b::8.8.8.8', 'public'],
    ['2606:4700:4700::1111', 'public'],
    ['2002:808:808::', 'public'],
  ])('%s is %s', (ip, expected) => {
    expect(classifyAddress(ip)).toBe(expected);
  });

  it.each<[string, AddressClass]>([
    ['http://2130706433/', 'loopback'],
    ['http://0177.0.0.1/', 'loopback'],
    ['http://0x7f000001:8080/', 'loopback'],
    ['http://127.1/', 'loopback'],
    ['http://[::1]:3000/', 'loopback'],
    ['http://[::ffff:127.0.0.1]/', 'loopback'],
    ['http://[64:ff9b::127.0.0.1]/', 'loopback'],
    ['http://0.0.0.0/', 'unspecified'],
    ['http://0/', 'unspecified'],
    ['http://169.254.169.254/latest/meta-data/', 'metadata'],
    ['http://[fd00:ec2::254]/', 'metadata'],
    ['http://100.100.100.200/', 'metadata'],
    ['http://10.0.0.1/', 'private'],
  ])('the host of %s is %s', (url, expected) => {
    expect(classifyAddress(hostOf(url))).toBe(expected);
  });
});
