import { describe, expect, it } from 'vitest';
import { nameTarget, phoneTarget, rateLimitAddress } from './rate-limit-service.ts';

/** What a per-address limit counts (decision 075): IPv4 as it is, IPv6 by its /64, IPv4-mapped IPv6 as the IPv4. */
describe('rateLimitAddress', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(rateLimitAddress('198.51.100.7')).toBe('198.51.100.7');
  });

  it('gives every address of one IPv6 /64 the same key, whatever its spelling', () => {
    const key = rateLimitAddress('2001:db8:1:2::a');
    expect(key).toBe('2001:db8:1:2::/64');
    for (const address of [
      '2001:db8:1:2:ffff:ffff:ffff:ffff',
      '2001:0DB8:0001:0002:0:0:0:1',
      '2001:db8:1:2:0:0:1.2.3.4',
      '2001:db8:1:2::1%eth0',
    ])
      expect(rateLimitAddress(address)).toBe(key);
  });

  it('gives neighbouring /64s their own keys', () => {
    expect(rateLimitAddress('2001:db8:1:3::a')).toBe('2001:db8:1:3::/64');
    expect(rateLimitAddress('::1')).toBe('0:0:0:0::/64');
    expect(rateLimitAddress('2001:db8::')).toBe('2001:db8:0:0::/64');
  });

  it('counts an IPv4-mapped IPv6 address as its IPv4 address', () => {
    expect(rateLimitAddress('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(rateLimitAddress('::FFFF:c633:6407')).toBe('198.51.100.7');
    expect(rateLimitAddress('0:0:0:0:0:ffff:198.51.100.7')).toBe('198.51.100.7');
  });

  it('leaves anything that is not an IP address as it is', () => {
    expect(rateLimitAddress('')).toBe('');
    expect(rateLimitAddress('unknown')).toBe('unknown');
  });
});

describe('per-target keys', () => {
  it('count a username or e-mail whatever its case and spaces, a phone by its digits', () => {
    expect(nameTarget('  Ada.Lovelace@Mail.Example.TEST ')).toBe('ada.lovelace@mail.example.test');
    expect(phoneTarget('(312) 555-0100')).toBe('3125550100');
  });
});
