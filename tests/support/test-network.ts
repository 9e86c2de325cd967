/**
 * startGateway's env and node arguments for a gateway on the loopback-only test network
 * (loopback-only-network.ts): its sockets reach 127.0.0.0/8 and ::1 only, whatever its outbound policy
 * decides, and `hosts` resolve without DNS.
 */
export function testNetwork(hosts: Record<string, string[]> = {}): { env: Record<string, string>; nodeArgs: string[] } {
  return {
    env: { FERRYMAN_TEST_HOSTS: JSON.stringify(hosts) },
    // tsx first so the preload itself may be TypeScript; the gateway's own `--import tsx` then finds it loaded
    nodeArgs: ['--import', 'tsx', '--import', './tests/support/loopback-only-network.ts'],
  };
}
