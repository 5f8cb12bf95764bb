package io.bindery.commons.outbound;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.URLDecoder;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Which addresses the server may connect to for a URL a user gave: every public address, and of the internal ones
 * (loopback, link-local, private, unique-local, shared, unspecified, multicast) only those inside an allowed CIDR
 * ({@code bindery.outbound.allow}; none by default, {@code 127.0.0.0/8} on the local stacks). Even there, never the
 * platform's own listeners: an internal address on one of {@code ownPorts} (every service's and the gateway's), or
 * a {@code /q/} management path (health, metrics, OpenAPI) on any internal address.
 */
public final class OutboundPolicy {
    private final List<Cidr> allowed;
    private final Set<Integer> ownPorts;

    public OutboundPolicy(List<String> allowedCidrs) {
        this(allowedCidrs, Set.of());
    }

    public OutboundPolicy(List<String> allowedCidrs, java.util.Collection<Integer> ownPorts) {
        List<Cidr> out = new ArrayList<>();
        for (String c : allowedCidrs) {
            if (!c.isBlank()) {
                out.add(Cidr.parse(c.trim()));
            }
        }
        this.allowed = List.copyOf(out);
        this.ownPorts = Set.copyOf(new TreeSet<>(ownPorts));
    }

    /** The ports refused on internal addresses, in order. */
    public Set<Integer> ownPorts() {
        return new TreeSet<>(ownPorts);
    }

    /**
     * Why the server may not connect to {@code port} at this address for {@code path} (the URL's raw path), or
     * empty when it may: {@link #refusal(InetAddress)}, then, for an internal address the allow-list lets through,
     * the platform's own ports and management paths.
     */
    public Optional<String> refusal(InetAddress address, int port, String rawPath) {
        Optional<String> why = refusal(address);
        if (why.isPresent()) {
            return why;
        }
        InetAddress a = unmapped(address);
        if (internalKind(a) == null) {
            return Optional.empty();
        }
        if (ownPorts.contains(port)) {
            return Optional.of(a.getHostAddress() + ":" + port + " is one of the platform's own listeners");
        }
        if (isManagementPath(rawPath)) {
            return Optional.of(a.getHostAddress() + ":" + port + " with a /q/ path is a management endpoint");
        }
        return Optional.empty();
    }

    /**
     * True for {@code /q} and {@code /q/...} as a server would route it: percent-decoded, with empty, {@code .} and
     * {@code ..} segments resolved and case ignored.
     */
    static boolean isManagementPath(String rawPath) {
        if (rawPath == null) {
            return false;
        }
        String decoded = rawPath;
        for (int i = 0; i < 3 && decoded.contains("%"); i++) { // %2571 -> %71 -> q
            try {
                decoded = URLDecoder.decode(decoded.replace("+", "%2B"), StandardCharsets.UTF_8);
            } catch (IllegalArgumentException e) {
                break;
            }
        }
        java.util.ArrayDeque<String> segments = new java.util.ArrayDeque<>();
        for (String segment : decoded.replace('\\', '/').split("/")) {
            if (segment.isEmpty() || segment.equals(".")) {
                continue;
            }
            if (segment.equals("..")) {
                segments.pollLast();
                continue;
            }
            segments.addLast(segment);
        }
        String first = segments.peekFirst();
        return first != null && first.split(";", 2)[0].trim().equalsIgnoreCase("q");
    }

    /** Why the server may not connect to this address, or empty when it may. */
    public Optional<String> refusal(InetAddress address) {
        InetAddress a = unmapped(address);
        String kind = internalKind(a);
        if (kind == null) {
            return Optional.empty();
        }
        for (Cidr c : allowed) {
            if (c.contains(a)) {
                return Optional.empty();
            }
        }
        return Optional.of(a.getHostAddress() + " is " + kind + " (not in bindery.outbound.allow)");
    }

    /** The kind of internal address, or null for a public one. */
    static String internalKind(InetAddress a) {
        if (a.isAnyLocalAddress()) {
            return "an unspecified address";
        }
        if (a.isLoopbackAddress()) {
            return "a loopback address";
        }
        if (a.isLinkLocalAddress()) {
            return "a link-local address";
        }
        if (a.isSiteLocalAddress()) {
            return "a private address";
        }
        if (a.isMulticastAddress()) {
            return "a multicast address";
        }
        byte[] b = a.getAddress();
        if (a instanceof Inet4Address) {
            int first = b[0] & 0xff;
            int second = b[1] & 0xff;
            if (first == 0) {
                return "an unspecified address";
            }
            if (first == 100 && second >= 64 && second <= 127) {
                return "a shared (carrier-grade NAT) address";
            }
            if (first == 198 && (second == 18 || second == 19)) {
                return "a benchmarking address";
            }
            if (first >= 240) {
                return "a reserved address";
            }
        } else if (a instanceof Inet6Address) {
            if ((b[0] & 0xfe) == 0xfc) {
                return "a unique-local address";
            }
            if ((b[0] & 0xff) == 0xfe && (b[1] & 0xc0) == 0xc0) {
                return "a site-local address";
            }
        }
        return null;
    }

    /** An IPv4-mapped IPv6 address (::ffff:a.b.c.d) is judged as the IPv4 address it carries. */
    static InetAddress unmapped(InetAddress a) {
        byte[] b = a.getAddress();
        if (b.length == 16) {
            boolean mapped = b[10] == (byte) 0xff && b[11] == (byte) 0xff;
            for (int i = 0; i < 10 && mapped; i++) {
                mapped = b[i] == 0;
            }
            if (mapped) {
                try {
                    return InetAddress.getByAddress(new byte[]{b[12], b[13], b[14], b[15]});
                } catch (UnknownHostException e) {
                    throw new IllegalStateException(e);
                }
            }
        }
        return a;
    }

    /** An address block: {@code 10.0.0.0/8}, {@code fd00::/8}, or one address. */
    record Cidr(byte[] network, int prefix) {
        static Cidr parse(String text) {
            int slash = text.indexOf('/');
            String host = slash < 0 ? text : text.substring(0, slash);
            if (!host.matches("[0-9a-fA-F:.]+")) {
                throw new IllegalArgumentException("bindery.outbound.allow: '" + text + "' is not a CIDR (e.g. 127.0.0.0/8)");
            }
            try {
                byte[] net = InetAddress.getByName(host).getAddress();
                int prefix = slash < 0 ? net.length * 8 : Integer.parseInt(text.substring(slash + 1));
                if (prefix < 0 || prefix > net.length * 8) {
                    throw new IllegalArgumentException("bindery.outbound.allow: bad prefix in '" + text + "'");
                }
                return new Cidr(net, prefix);
            } catch (UnknownHostException | NumberFormatException e) {
                throw new IllegalArgumentException("bindery.outbound.allow: '" + text + "' is not a CIDR (e.g. 127.0.0.0/8)");
            }
        }

        boolean contains(InetAddress address) {
            byte[] a = address.getAddress();
            if (a.length != network.length) {
                return false;
            }
            int full = prefix / 8;
            for (int i = 0; i < full; i++) {
                if (a[i] != network[i]) {
                    return false;
                }
            }
            int rest = prefix % 8;
            if (rest == 0) {
                return true;
            }
            int mask = (0xff << (8 - rest)) & 0xff;
            return (a[full] & mask) == (network[full] & mask);
        }
    }
}
