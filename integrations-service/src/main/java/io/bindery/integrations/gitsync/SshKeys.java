package io.bindery.integrations.gitsync;

import io.bindery.commons.errors.ApiException;
import org.apache.sshd.client.config.hosts.KnownHostEntry;
import org.apache.sshd.common.NamedResource;
import org.apache.sshd.common.config.keys.KeyUtils;
import org.apache.sshd.common.config.keys.PublicKeyEntry;
import org.apache.sshd.common.config.keys.PublicKeyEntryResolver;
import org.apache.sshd.common.digest.BuiltinDigests;
import org.apache.sshd.common.util.security.SecurityUtils;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.PublicKey;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * An SSH private key as a user gives it (OpenSSH or PEM text, unencrypted), and the server host keys a user pins,
 * read with Apache MINA sshd's parsers, the ones JGit's SSH transport uses: a 400 naming the problem when one cannot
 * be used.
 */
final class SshKeys {
    private SshKeys() {
    }

    static KeyPair parse(String text) {
        if (text == null || !text.strip().startsWith("-----BEGIN ")) {
            throw ApiException.badRequest("credentials.sshPrivateKey must be a private key in OpenSSH or PEM form"
                    + " (-----BEGIN … PRIVATE KEY-----)");
        }
        try {
            Iterable<KeyPair> keys = SecurityUtils.loadKeyPairIdentities(null, NamedResource.ofName("sshPrivateKey"),
                    new ByteArrayInputStream(text.strip().concat("\n").getBytes(StandardCharsets.UTF_8)), null);
            Iterator<KeyPair> it = keys == null ? null : keys.iterator();
            if (it == null || !it.hasNext()) {
                throw ApiException.badRequest("credentials.sshPrivateKey holds no private key");
            }
            return it.next();
        } catch (ApiException e) {
            throw e;
        } catch (Exception e) {
            // a passphrase-protected key asks for a password provider; none is given: say so
            throw ApiException.badRequest("credentials.sshPrivateKey could not be read (it must be unencrypted): "
                    + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()));
        }
    }

    /** A host key's SHA-256 fingerprint as OpenSSH prints it ({@code SHA256:} and unpadded base64). */
    static String fingerprint(PublicKey key) {
        return KeyUtils.getFingerPrint(BuiltinDigests.sha256, key).replaceAll("=+$", "");
    }

    /**
     * The fingerprints of the host keys in {@code text} ({@code credentials.sshKnownHosts}): one a line, each a
     * known_hosts line ({@code host[,host…] type base64}, the host names not checked: they pin this repository's
     * server), a public key line ({@code type base64 [comment]}, as {@code ssh-keyscan} or a .pub file gives it) or a
     * fingerprint ({@code SHA256:…}, as {@code ssh-keygen -lf} prints it); blank lines and {@code #} comments are
     * skipped. At least one is required.
     */
    static List<String> hostKeys(String text) {
        List<String> out = new ArrayList<>();
        int n = 0;
        for (String raw : text.split("\\R")) {
            n++;
            String line = raw.strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            if (line.startsWith("SHA256:")) {
                String b64 = line.substring(7).replaceAll("=+$", "");
                if (!b64.matches("[A-Za-z0-9+/]{43}")) {
                    throw ApiException.badRequest("credentials.sshKnownHosts line " + n + ": a SHA256 fingerprint has"
                            + " 43 base64 characters (as ssh-keygen -lf prints it)");
                }
                out.add("SHA256:" + b64);
                continue;
            }
            if (line.startsWith("@")) {
                throw ApiException.badRequest("credentials.sshKnownHosts line " + n + ": markers (@cert-authority,"
                        + " @revoked) are not supported; give the server's host keys");
            }
            out.add(fingerprint(publicKey(line, n)));
        }
        if (out.isEmpty()) {
            throw ApiException.badRequest("credentials.sshKnownHosts holds no host key (known_hosts lines, public key"
                    + " lines or SHA256 fingerprints, one a line)");
        }
        return List.copyOf(out);
    }

    private static PublicKey publicKey(String line, int n) {
        String first = line.split("\\s+", 2)[0];
        boolean bare = first.startsWith("ssh-") || first.startsWith("ecdsa-") || first.startsWith("sk-");
        try {
            PublicKeyEntry entry = bare ? PublicKeyEntry.parsePublicKeyEntry(line)
                    : KnownHostEntry.parseKnownHostEntry(line).getKeyEntry();
            PublicKey key = entry == null ? null
                    : entry.resolvePublicKey(null, Map.of(), PublicKeyEntryResolver.FAILING);
            if (key == null) {
                throw new IllegalArgumentException("no key");
            }
            return key;
        } catch (Exception e) {
            throw ApiException.badRequest("credentials.sshKnownHosts line " + n + " is not a host key: give known_hosts"
                    + " lines (host type base64), public key lines (type base64) or SHA256 fingerprints");
        }
    }
}
