import { lookup } from 'node:dns/promises';
import { BlockList, isIP, isIPv4 } from 'node:net';
import { AppError } from '../errors.ts';

/**
 * Networks an SMTP connection must not reach unless the operator allows private hosts: the store's
 * own machine, its private networks and the cloud metadata service, which an admin could otherwise probe
 * through the SMTP settings. A BlockList also matches IPv4-mapped IPv6 forms (::ffff:10.0.0.1) of the
 * IPv4 rules.
 */
const NOT_PUBLIC = new BlockList();
const IPV4_NETWORKS: [string, number][] = [
  ['0.0.0.0', 8], // "this network", with the unspecified address
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, where cloud metadata services answer
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, with the broadcast address
];
const IPV6_NETWORKS: [string, number][] = [
  ['::', 96], // unspecified, loopback and the deprecated IPv4-compatible form
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // the former site-local
  ['ff00::', 8], // multicast
];
for (const [network, prefix] of IPV4_NETWORKS) NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of IPV6_NETWORKS) NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');

/** IPv6 prefixes that carry an IPv4 address a gateway forwards to: NAT64 (in the last 32 bits) and 6to4 (bits 16-47). */
const NAT64 = new BlockList();
NAT64.addSubnet('64:ff9b::', 96, 'ipv6');
NAT64.addSubnet('64:ff9b:1::', 48, 'ipv6');
const SIX_TO_FOUR = new BlockList();
SIX_TO_FOUR.addSubnet('2002::', 16, 'ipv6');

/** The eight 16-bit groups of an IPv6 address (which may end in dotted IPv4). */
function ipv6Groups(address: string): number[] {
  const [head = '', tail] = address.split('::') as [string, string | undefined];
  const parse = (part: string): number[] =>
    part === ''
      ? []
      : part.split(':').flatMap((group) => {
          if (!isIPv4(group)) return [parseInt(group, 16)];
          const [a = 0, b = 0, c = 0, d = 0] = group.split('.').map(Number);
          return [(a << 8) | b, (c << 8) | d];
        });
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

const ipv4Of = (high: number, low: number) => `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;

/** True for an address outside the public internet (or one forwarded into such an address). */
export function isNonPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  if (family === 4) return NOT_PUBLIC.check(address, 'ipv4');
  if (NOT_PUBLIC.check(address, 'ipv6')) return true;
  const groups = ipv6Groups(address);
  if (NAT64.check(address, 'ipv6')) return NOT_PUBLIC.check(ipv4Of(groups[6]!, groups[7]!), 'ipv4');
  if (SIX_TO_FOUR.check(address, 'ipv6')) return NOT_PUBLIC.check(ipv4Of(groups[1]!, groups[2]!), 'ipv4');
  return false;
}

/** The SMTP host as it will be reached: the vetted address to connect to, and the name TLS checks. */
export interface VettedSmtpHost {
  address: string;
  /** The configured host name for TLS (SNI and the certificate check); absent when the host is an address. */
  servername: string | undefined;
}

export type ResolveAll = (host: string) => Promise<{ address: string; family: number }[]>;

const systemResolve: ResolveAll = (host) => lookup(host, { all: true, verbatim: true });

const DNS_TIMEOUT_MS = 5_000;

/** A failed look-up of the SMTP host, with nodemailer's code for it so it is described like one. */
class SmtpHostNotFound extends Error {
  readonly code = 'EDNS';
  constructor(host: string, cause: unknown) {
    super(`SMTP host ${host} could not be resolved`, { cause });
    this.name = 'SmtpHostNotFound';
  }
}

/**
 * Resolves the SMTP host once and answers the address to connect to, so nothing is resolved again
 * between this check and the connection (no DNS rebinding). Every address of the name is checked:
 * a name with any non-public address is refused, unless private hosts are allowed.
 */
export async function vetSmtpHost(host: string, allowPrivate: boolean, resolve: ResolveAll = systemResolve): Promise<VettedSmtpHost> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`DNS look-up took longer than ${DNS_TIMEOUT_MS} ms`)), DNS_TIMEOUT_MS);
  });
  let addresses: { address: string; family: number }[];
  try {
    addresses = await Promise.race([resolve(host), timeout]);
  } catch (error) {
    throw new SmtpHostNotFound(host, error);
  } finally {
    clearTimeout(timer);
  }
  if (addresses.length === 0) throw new SmtpHostNotFound(host, null);
  if (!allowPrivate && addresses.some(({ address }) => isNonPublicAddress(address))) {
    throw new AppError(
      'bad_request',
      `The SMTP host ${host} resolves to a private, loopback or link-local address; mail is only sent to public hosts unless the server is started with SMTP_ALLOW_PRIVATE_HOSTS=true.`,
      'smtp_host_not_allowed',
    );
  }
  // One address is used, IPv4 first: most mail servers have one, and an IPv6 path is more often broken.
  const chosen = addresses.find(({ family }) => family === 4) ?? addresses[0]!;
  return { address: chosen.address, servername: isIP(host) === 0 ? host : undefined };
}
