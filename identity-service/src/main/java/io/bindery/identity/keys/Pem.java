package io.bindery.identity.keys;

import java.io.ByteArrayOutputStream;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.interfaces.RSAPrivateCrtKey;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.Base64;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** RSA private keys in PEM: PKCS#8 ("PRIVATE KEY") or PKCS#1 ("RSA PRIVATE KEY", what Helm's genPrivateKey and OpenSSL 1 write). */
final class Pem {
    private static final Pattern BLOCK = Pattern.compile("-----BEGIN (RSA )?PRIVATE KEY-----([A-Za-z0-9+/=\\s]+)-----END (RSA )?PRIVATE KEY-----");
    /** AlgorithmIdentifier of rsaEncryption (1.2.840.113549.1.1.1) with NULL parameters. */
    private static final byte[] RSA_ALGORITHM = {0x30, 0x0d, 0x06, 0x09, 0x2a, (byte) 0x86, 0x48, (byte) 0x86, (byte) 0xf7, 0x0d, 0x01, 0x01, 0x01, 0x05, 0x00};

    private Pem() {
    }

    static RSAPrivateCrtKey rsaPrivateKey(String pem) throws GeneralSecurityException {
        Matcher m = BLOCK.matcher(pem);
        if (!m.find()) {
            throw new IllegalArgumentException("no -----BEGIN PRIVATE KEY----- or -----BEGIN RSA PRIVATE KEY----- block");
        }
        byte[] der = Base64.getMimeDecoder().decode(m.group(2).replaceAll("\\s", ""));
        if (m.group(1) != null) {
            der = pkcs8(der);
        }
        if (!(KeyFactory.getInstance("RSA").generatePrivate(new PKCS8EncodedKeySpec(der)) instanceof RSAPrivateCrtKey key)) {
            throw new IllegalArgumentException("not an RSA private key with its CRT parameters");
        }
        return key;
    }

    /** PKCS#1 RSAPrivateKey wrapped as PKCS#8: SEQUENCE { INTEGER 0, rsaEncryption, OCTET STRING { pkcs1 } }. */
    static byte[] pkcs8(byte[] pkcs1) {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        body.writeBytes(new byte[] {0x02, 0x01, 0x00});
        body.writeBytes(RSA_ALGORITHM);
        body.write(0x04);
        body.writeBytes(length(pkcs1.length));
        body.writeBytes(pkcs1);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(0x30);
        out.writeBytes(length(body.size()));
        out.writeBytes(body.toByteArray());
        return out.toByteArray();
    }

    /** A DER length. */
    private static byte[] length(int n) {
        if (n < 0x80) {
            return new byte[] {(byte) n};
        }
        if (n < 0x100) {
            return new byte[] {(byte) 0x81, (byte) n};
        }
        if (n < 0x10000) {
            return new byte[] {(byte) 0x82, (byte) (n >> 8), (byte) n};
        }
        return new byte[] {(byte) 0x83, (byte) (n >> 16), (byte) (n >> 8), (byte) n};
    }
}
