// The key of a client address for counting: an IPv4 address as it is, an IPv6 address cut to its
// network prefix. One IPv6 client usually holds a whole /64 (RFC 6177 gives sites a /48 to /64,
// and privacy addresses rotate inside it), so counting each address alone gives it no limit.

/** Sixteen-bit groups of an IPv6 address, or undefined when it is not one. */
function ipv6Groups(address: string): number[] | undefined {
  let text = address;
  const zone = text.indexOf("%");
  if (zone !== -1) text = text.slice(0, zone);
  // A trailing dotted IPv4 part (`::ffff:192.0.2.1`) is its last two groups.
  const lastColon = text.lastIndexOf(":");
  if (text.includes(".", lastColon)) {
    const four = ipv4Octets(text.slice(lastColon + 1));
    if (four === undefined) return undefined;
    const [a, b, c, d] = four as [number, number, number, number];
    text = `${text.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return undefined;
  const parse = (part: string) => (part === "" ? [] : part.split(":"));
  const head = parse(halves[0] as string);
  const rest = halves.length === 2 ? parse(halves[1] as string) : [];
  const groups: number[] = [];
  for (const group of [...head, ...rest]) {
    if (!/^[0-9a-fA-F]{1,4}$/.test(group)) return undefined;
  }
  const missing = 8 - head.length - rest.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return undefined;
  for (const group of head) groups.push(Number.parseInt(group, 16));
  for (let index = 0; index < (halves.length === 2 ? missing : 0); index++) groups.push(0);
  for (const group of rest) groups.push(Number.parseInt(group, 16));
  return groups;
}

function ipv4Octets(text: string): number[] | undefined {
  const parts = text.split(".");
  if (parts.length !== 4) return undefined;
  const octets = parts.map((part) => (/^\d{1,3}$/.test(part) ? Number(part) : Number.NaN));
  return octets.every((octet) => octet >= 0 && octet <= 255) ? octets : undefined;
}

/**
 * What a client address counts under: an IPv4 address (or an IPv4-mapped IPv6 one, `::ffff:a.b.c.d`)
 * as its dotted form; an IPv6 address as its first `prefix` bits (`2001:db8:1:2::/64`); anything
 * else (a hostname a proxy wrote, garbage) as it is.
 */
export function addressKey(address: string, prefix: number): string {
  if (!address.includes(":")) return address;
  const groups = ipv6Groups(address);
  if (groups === undefined) return address;
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (mapped) {
    const [high, low] = [groups[6] as number, groups[7] as number];
    return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
  }
  const kept = groups.map((group, index) => {
    const bits = Math.min(16, Math.max(0, prefix - index * 16));
    return bits === 0 ? 0 : group & (0xffff << (16 - bits)) & 0xffff;
  });
  return `${compress(kept)}/${prefix}`;
}

/** The groups in the shortest form of RFC 5952: the longest run of two or more zeros as `::`. */
function compress(groups: readonly number[]): string {
  let best = -1;
  let bestLength = 1;
  for (let start = 0; start < groups.length; ) {
    if (groups[start] !== 0) {
      start++;
      continue;
    }
    let end = start;
    while (end < groups.length && groups[end] === 0) end++;
    if (end - start > bestLength) {
      best = start;
      bestLength = end - start;
    }
    start = end;
  }
  const hex = groups.map((group) => group.toString(16));
  if (best === -1) return hex.join(":");
  return `${hex.slice(0, best).join(":")}::${hex.slice(best + bestLength).join(":")}`;
}
