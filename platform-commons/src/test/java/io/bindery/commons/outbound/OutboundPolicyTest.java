package io.bindery.commons.outbound;

import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class OutboundPolicyTest {
    static InetAddress ip(String text) throws Exception {
        return InetAddress.getByName(text);
    }

    @Test
    void everyKindOfInternalAddressIsRefusedByDefault() throws Exception {
        OutboundPolicy none = new OutboundPolicy(List.of());
        for (String[] c : new String[][]{
                {"127.0.0.1", "loopback"}, {"127.9.9.9", "loopback"}, {"::1", "loopback"},
                {"169.254.169.254", "link-local"}, {"fe80::1", "link-local"},
                {"10.1.2.3", "private"}, {"172.16.0.1", "private"}, {"192.168.1.1", "private"},
                {"fd00::1", "unique-local"}, {"fc00::1", "unique-local"},
                {"0.0.0.0", "unspecified"}, {"::", "unspecified"}, {"0.1.2.3", "unspecified"},
                {"100.64.0.1", "shared"}, {"224.0.0.1", "multicast"}, {"::ffff:127.0.0.1", "loopback"},
                {"::ffff:10.0.0.1", "private"}}) {
            String why = none.refusal(ip(c[0])).orElseThrow(() -> new AssertionError(c[0] + " was allowed"));
            assertTrue(why.contains(c[1]), c[0] + ": " + why);
        }
    }

    @Test
    void publicAddressesPass() throws Exception {
        OutboundPolicy none = new OutboundPolicy(List.of());
        for (String a : List.of("93.184.216.34", "8.8.8.8", "2606:4700:4700::1111", "172.32.0.1", "100.128.0.1")) {
            assertTrue(none.refusal(ip(a)).isEmpty(), a);
        }
    }

    @Test
    void theAllowListOpensOnlyItsBlocks() throws Exception {
        OutboundPolicy local = new OutboundPolicy(List.of("127.0.0.0/8", " fd12::/16 ", "10.0.0.5"));
        assertTrue(local.refusal(ip("127.0.0.1")).isEmpty());
        assertTrue(local.refusal(ip("::ffff:127.0.0.1")).isEmpty());
        assertTrue(local.refusal(ip("fd12:3::1")).isEmpty());
        assertTrue(local.refusal(ip("10.0.0.5")).isEmpty());
        assertTrue(local.refusal(ip("10.0.0.6")).isPresent());
        assertTrue(local.refusal(ip("::1")).isPresent());
        assertTrue(local.refusal(ip("192.168.0.1")).isPresent());
        assertEquals(1, new OutboundPolicy(List.of("127.0.0.2/32")).refusal(ip("127.0.0.1")).stream().count());
    }

    @Test
    void aBadCidrFailsNamingIt() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new OutboundPolicy(List.of("localhost")));
        assertTrue(e.getMessage().contains("localhost"));
        assertThrows(IllegalArgumentException.class, () -> new OutboundPolicy(List.of("10.0.0.0/33")));
    }
}
