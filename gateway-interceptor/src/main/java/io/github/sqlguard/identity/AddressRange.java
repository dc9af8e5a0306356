package io.github.sqlguard.identity;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.regex.Pattern;

/**
 * One entry of {@code sql-guard.identity.trusted-proxies}: an IP address or a CIDR block, IPv4 or
 * IPv6. Only literals are accepted: a host name would make trust depend on DNS.
 *
 * @param network the address bytes (4 or 16)
 * @param prefix how many leading bits must match
 * @param text the entry as configured
 */
record AddressRange(byte[] network, int prefix, String text) {

    private static final Pattern IPV4 = Pattern.compile("\\d{1,3}(\\.\\d{1,3}){3}");
    private static final Pattern IPV6 = Pattern.compile("[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*");

    /**
     * @throws IllegalArgumentException when {@code text} is not an IP literal with an optional
     *     {@code /prefix} in range
     */
    static AddressRange parse(String text) {
        String trimmed = text.trim();
        int slash = trimmed.indexOf('/');
        String address = slash < 0 ? trimmed : trimmed.substring(0, slash);
        if (!IPV4.matcher(address).matches() && !IPV6.matcher(address).matches()) {
            throw new IllegalArgumentException(
                    "'" + text + "' is not an IP address or CIDR block (e.g. '10.0.0.0/8', '192.168.1.7', 'fd00::/8');"
                            + " host names are not accepted.");
        }
        byte[] bytes;
        try {
            // A literal: no lookup happens.
            bytes = normalize(InetAddress.getByName(address));
        } catch (UnknownHostException | IllegalArgumentException e) {
            throw new IllegalArgumentException("'" + text + "' is not a valid IP address: " + e.getMessage(), e);
        }
        int bits = bytes.length * 8;
        int prefix;
        try {
            prefix = slash < 0 ? bits : Integer.parseInt(trimmed.substring(slash + 1));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + text + "' has no valid prefix length after '/'.", e);
        }
        if (prefix < 0 || prefix > bits) {
            throw new IllegalArgumentException(
                    "'" + text + "' has prefix length " + prefix + "; it must be 0 to " + bits + ".");
        }
        return new AddressRange(bytes, prefix, trimmed);
    }

    /** True when {@code address} lies in this range (an IPv4-mapped IPv6 address counts as IPv4). */
    boolean contains(InetAddress address) {
        byte[] candidate = normalize(address);
        if (candidate.length != network.length) {
            return false;
        }
        int full = prefix / 8;
        for (int i = 0; i < full; i++) {
            if (candidate[i] != network[i]) {
                return false;
            }
        }
        int rest = prefix % 8;
        if (rest == 0) {
            return true;
        }
        int mask = (0xff << (8 - rest)) & 0xff;
        return (candidate[full] & mask) == (network[full] & mask);
    }

    private static byte[] normalize(InetAddress address) {
        byte[] bytes = address.getAddress();
        if (bytes.length == 16) {
            boolean mapped = bytes[10] == (byte) 0xff && bytes[11] == (byte) 0xff;
            for (int i = 0; i < 10 && mapped; i++) {
                mapped = bytes[i] == 0;
            }
            if (mapped) {
                return new byte[] {bytes[12], bytes[13], bytes[14], bytes[15]};
            }
        }
        return bytes;
    }

    @Override
    public String toString() {
        return text;
    }
}
