package io.bindery.identity.keys;

import org.jose4j.jwk.JsonWebKey;
import org.jose4j.jwk.RsaJsonWebKey;
import org.jose4j.jwk.RsaJwkGenerator;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.util.Base64;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The forms a given signing key may take (SigningKeys.ConfiguredSigningKey), and what is refused. */
class SigningKeyParsingTest {
    static String pem(String type, byte[] der) {
        return "-----BEGIN " + type + "-----\n" + Base64.getMimeEncoder(64, "\n".getBytes()).encodeToString(der) + "\n-----END " + type + "-----\n";
    }

    @Test
    void pkcs8Pkcs1AndJwkGiveTheSameKeyAndKid() throws Exception {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
        generator.initialize(2048);
        KeyPair pair = generator.generateKeyPair();
        byte[] pkcs8 = pair.getPrivate().getEncoded();
        byte[] pkcs1 = java.util.Arrays.copyOfRange(pkcs8, 26, pkcs8.length);
        // the wrapping is the inverse of what the test cut off
        assertEquals(Base64.getEncoder().encodeToString(pkcs8), Base64.getEncoder().encodeToString(Pem.pkcs8(pkcs1)));

        RsaJsonWebKey a = SigningKeys.ConfiguredSigningKey.parse(pem("PRIVATE KEY", pkcs8).strip());
        RsaJsonWebKey b = SigningKeys.ConfiguredSigningKey.parse(pem("RSA PRIVATE KEY", pkcs1).strip());
        assertEquals(a.getKeyId(), b.getKeyId());
        assertEquals(a.getRsaPublicKey().getModulus(), b.getRsaPublicKey().getModulus());
        assertEquals(pair.getPublic(), a.getPublicKey());
        assertEquals("RS256", a.getAlgorithm());
        // a private JWK keeps its own kid
        RsaJsonWebKey jwk = RsaJwkGenerator.generateJwk(2048);
        jwk.setKeyId("rotation-2026-11");
        RsaJsonWebKey c = SigningKeys.ConfiguredSigningKey.parse(jwk.toJson(JsonWebKey.OutputControlLevel.INCLUDE_PRIVATE));
        assertEquals("rotation-2026-11", c.getKeyId());
        assertTrue(c.getRsaPrivateKey() != null);
    }

    @Test
    void aMissingFileIsNoKeyAndAnUnreadableKeyStopsTheStart(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        assertNull(SigningKeys.ConfiguredSigningKey.read(Optional.of(dir.resolve("absent.pem").toString()), Optional.empty()));
        assertNull(SigningKeys.ConfiguredSigningKey.read(Optional.empty(), Optional.of("  ")));
        Path garbage = Files.writeString(dir.resolve("garbage.pem"), "-----BEGIN RSA PRIVATE KEY-----\nnot a key\n-----END RSA PRIVATE KEY-----\n");
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> SigningKeys.ConfiguredSigningKey.read(Optional.of(garbage.toString()), Optional.empty()));
        assertTrue(e.getMessage().contains("bindery.signing-key"), e.getMessage());
        // a public JWK alone cannot sign
        RsaJsonWebKey jwk = RsaJwkGenerator.generateJwk(2048);
        assertThrows(IllegalStateException.class,
                () -> SigningKeys.ConfiguredSigningKey.parse(jwk.toJson(JsonWebKey.OutputControlLevel.PUBLIC_ONLY)));
        // too short
        KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
        generator.initialize(1024);
        byte[] small = generator.generateKeyPair().getPrivate().getEncoded();
        e = assertThrows(IllegalStateException.class, () -> SigningKeys.ConfiguredSigningKey.parse(pem("PRIVATE KEY", small).strip()));
        assertTrue(e.getMessage().contains("2048"), e.getMessage());
    }
}
