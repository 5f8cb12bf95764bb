package io.bindery.identity;

import io.bindery.identity.keys.SigningKey;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import org.jose4j.jwk.JsonWebKey;
import org.jose4j.jwk.RsaJsonWebKey;
import org.jose4j.jwk.RsaJwkGenerator;
import org.jose4j.jws.JsonWebSignature;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.interfaces.RSAPublicKey;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Map;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * identity with its signing key given in a file (the chart's Secret, mounted): tokens are signed with that key, the
 * JWKS lists it under its thumbprint beside the keys recorded before it (so tokens signed before a rotation stay
 * valid), and only its public half is stored in identity's schema.
 */
@QuarkusTest
@TestProfile(SigningKeyFromSecretTest.GivenKey.class)
class SigningKeyFromSecretTest {
    static final Path KEY_FILE = Path.of("target/test-signing-key.pem");

    /** A new key for each run, written as Helm's genPrivateKey writes it (PKCS#1 PEM). */
    public static class GivenKey implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            try {
                KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
                generator.initialize(2048);
                KeyPair pair = generator.generateKeyPair();
                byte[] pkcs8 = pair.getPrivate().getEncoded();
                // a 2048-bit key's PKCS#8 wrapping is 26 bytes, the PKCS#1 key follows
                assertEquals(0x04, pkcs8[22]);
                byte[] pkcs1 = java.util.Arrays.copyOfRange(pkcs8, 26, pkcs8.length);
                String pem = "-----BEGIN RSA PRIVATE KEY-----\n" + Base64.getMimeEncoder(64, "\n".getBytes()).encodeToString(pkcs1)
                        + "\n-----END RSA PRIVATE KEY-----\n";
                Files.createDirectories(KEY_FILE.getParent());
                Files.writeString(KEY_FILE, pem);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
            return Map.of("bindery.signing-key.file", KEY_FILE.toString(), "bindery.signing-key.jwks-refresh", "1s");
        }
    }

    /** The public half of the key in the file, and its kid (RFC 7638 thumbprint). */
    static RsaJsonWebKey givenKey() throws Exception {
        String pem = Files.readString(KEY_FILE);
        byte[] pkcs1 = Base64.getMimeDecoder().decode(pem.replaceAll("-----[A-Z ]+-----", "").replaceAll("\\s", ""));
        var rsa = java.security.KeyFactory.getInstance("RSA");
        var priv = (java.security.interfaces.RSAPrivateCrtKey) rsa.generatePrivate(new java.security.spec.PKCS8EncodedKeySpec(
                wrap(pkcs1)));
        RsaJsonWebKey jwk = new RsaJsonWebKey((RSAPublicKey) rsa.generatePublic(
                new java.security.spec.RSAPublicKeySpec(priv.getModulus(), priv.getPublicExponent())));
        jwk.setKeyId(jwk.calculateBase64urlEncodedThumbprint("SHA-256"));
        return jwk;
    }

    private static byte[] wrap(byte[] pkcs1) {
        byte[] head = {0x30, (byte) 0x82, 0, 0, 0x02, 0x01, 0x00, 0x30, 0x0d, 0x06, 0x09, 0x2a, (byte) 0x86, 0x48, (byte) 0x86,
                (byte) 0xf7, 0x0d, 0x01, 0x01, 0x01, 0x05, 0x00, 0x04, (byte) 0x82, 0, 0};
        int total = head.length - 4 + pkcs1.length;
        head[2] = (byte) (total >> 8);
        head[3] = (byte) total;
        head[24] = (byte) (pkcs1.length >> 8);
        head[25] = (byte) pkcs1.length;
        byte[] out = new byte[head.length + pkcs1.length];
        System.arraycopy(head, 0, out, 0, head.length);
        System.arraycopy(pkcs1, 0, out, head.length, pkcs1.length);
        return out;
    }

    @Test
    void tokensAreSignedWithTheGivenKey() throws Exception {
        RsaJsonWebKey key = givenKey();
        TestApi.User user = TestApi.user();
        JsonWebSignature jws = new JsonWebSignature();
        jws.setCompactSerialization(user.token());
        assertEquals(key.getKeyId(), jws.getKeyIdHeaderValue());
        assertEquals("RS256", jws.getAlgorithmHeaderValue());
        jws.setKey(key.getPublicKey());
        assertTrue(jws.verifySignature(), "the token verifies with the given key's public half");
        // and the service itself accepts it (through its own JWKS), as it does the admin's token written at start
        given().auth().oauth2(user.token()).get("/v1/user").then().statusCode(200);
        given().auth().oauth2(TestApi.admin()).get("/v1/user").then().statusCode(200);
    }

    @Test
    void jwksListsTheGivenKeyAndTheKeysBeforeIt() throws Exception {
        RsaJsonWebKey key = givenKey();
        List<String> kids = given().get("/.well-known/jwks.json").then().statusCode(200).extract().path("keys.kid");
        assertEquals(key.getKeyId(), kids.getFirst(), "the signing key comes first");
        // only its public half is recorded
        String stored = QuarkusTransaction.requiringNew().call(() -> SigningKey.<SigningKey>findById(key.getKeyId()).privateJwk);
        assertFalse(stored.contains("\"d\""), stored);
        assertEquals(key.getRsaPublicKey().getModulus(), ((RsaJsonWebKey) JsonWebKey.Factory.newJwk(stored)).getRsaPublicKey().getModulus());
        // a key recorded by another replica or before a rotation (here: inserted) appears within jwks-refresh
        RsaJsonWebKey earlier = RsaJwkGenerator.generateJwk(2048);
        earlier.setKeyId("earlier-" + TestApi.run());
        QuarkusTransaction.requiringNew().run(() -> {
            SigningKey row = new SigningKey();
            row.kid = earlier.getKeyId();
            row.privateJwk = earlier.toJson(JsonWebKey.OutputControlLevel.PUBLIC_ONLY);
            row.createdAt = Instant.now();
            row.persist();
        });
        await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(300)).until(() -> given().get("/.well-known/jwks.json")
                .then().extract().<List<String>>path("keys.kid").contains(earlier.getKeyId()));
        List<Map<String, Object>> keys = given().get("/.well-known/jwks.json").then().extract().path("keys");
        assertTrue(keys.stream().noneMatch(k -> k.containsKey("d")), "no private part is published");
        assertEquals(key.getKeyId(), keys.getFirst().get("kid"), "still signing with the given key");
        QuarkusTransaction.requiringNew().run(() -> SigningKey.deleteById(earlier.getKeyId()));
    }
}
