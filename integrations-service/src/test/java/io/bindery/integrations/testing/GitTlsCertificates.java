package io.bindery.integrations.testing;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Two self-signed certificates for 127.0.0.1, made with the JDK's keytool at start: {@link #TRUSTED}'s is given to
 * the service as {@code bindery.git-sync.trusted-certificates}, {@link #UNTRUSTED}'s is not. Each is a PKCS#12 key
 * store for {@link io.bindery.commons.testing.GitHttpServer}'s HTTPS.
 */
public class GitTlsCertificates implements QuarkusTestResourceLifecycleManager {
    public static final String PASSWORD = "test-store-pass";
    public static Path TRUSTED;
    public static Path UNTRUSTED;

    @Override
    public Map<String, String> start() {
        try {
            Path dir = Files.createTempDirectory("bindery-git-tls");
            TRUSTED = keyStore(dir.resolve("trusted.p12"));
            UNTRUSTED = keyStore(dir.resolve("untrusted.p12"));
            Path pem = dir.resolve("trusted.pem");
            keytool("-exportcert", "-rfc", "-alias", "git", "-keystore", TRUSTED.toString(), "-storepass", PASSWORD,
                    "-file", pem.toString());
            return Map.of("bindery.git-sync.trusted-certificates", pem.toString());
        } catch (Exception e) {
            throw new IllegalStateException("could not make the test certificates: " + e.getMessage(), e);
        }
    }

    private static Path keyStore(Path file) throws Exception {
        keytool("-genkeypair", "-alias", "git", "-keyalg", "EC", "-groupname", "secp256r1", "-keystore", file.toString(),
                "-storetype", "PKCS12", "-storepass", PASSWORD, "-keypass", PASSWORD, "-dname", "CN=127.0.0.1",
                "-ext", "SAN=ip:127.0.0.1", "-validity", "2");
        return file;
    }

    private static void keytool(String... args) throws Exception {
        List<String> command = new java.util.ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "keytool").toString());
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IllegalStateException("keytool " + args[0] + " failed: " + out);
        }
    }

    @Override
    public void stop() {
    }
}
