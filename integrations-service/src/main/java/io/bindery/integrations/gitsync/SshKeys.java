package io.bindery.integrations.gitsync;

import io.bindery.commons.errors.ApiException;
import org.apache.sshd.common.NamedResource;
import org.apache.sshd.common.util.security.SecurityUtils;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.util.Iterator;

/**
 * An SSH private key as a user gives it (OpenSSH or PEM text, unencrypted), read with Apache MINA sshd's parsers,
 * the ones JGit's SSH transport uses: a 400 naming the problem when it cannot be used.
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
}
