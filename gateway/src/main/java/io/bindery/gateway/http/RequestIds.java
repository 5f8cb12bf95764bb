package io.bindery.gateway.http;

import java.util.concurrent.ThreadLocalRandom;

/** Request ids: the client's {@code X-Request-Id} when it is sane, else a fresh random one. */
public final class RequestIds {
    public static final int MAX_LENGTH = 128;
    private static final char[] ALPHABET =
            "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".toCharArray();

    private RequestIds() {
    }

    /** The client's id if it is 1..128 characters of {@code [A-Za-z0-9._-]}, otherwise a generated one. */
    public static String acceptOrGenerate(String fromClient) {
        return isSane(fromClient) ? fromClient : generate();
    }

    public static boolean isSane(String id) {
        if (id == null || id.isEmpty() || id.length() > MAX_LENGTH) {
            return false;
        }
        for (int i = 0; i < id.length(); i++) {
            char c = id.charAt(i);
            boolean ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                    || c == '.' || c == '_' || c == '-';
            if (!ok) {
                return false;
            }
        }
        return true;
    }

    /** 22 random characters of base64url (128 bits from the thread's random generator, no locking). */
    public static String generate() {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        long a = random.nextLong();
        long b = random.nextLong();
        char[] out = new char[22];
        for (int i = 0; i < 11; i++) {
            out[i] = ALPHABET[(int) (a & 63)];
            a >>>= 6;
            out[11 + i] = ALPHABET[(int) (b & 63)];
            b >>>= 6;
        }
        return new String(out);
    }
}
