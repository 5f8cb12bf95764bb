package io.bindery.identity.users;

import io.bindery.identity.config.IdentityConfig;
import io.bindery.identity.keys.SigningKeys;
import io.bindery.identity.tokens.Tokens;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import org.jboss.logging.Logger;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Base64;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * First start: creates the instance admin (bindery.admin.email) and writes a token for it to
 * bindery.admin.token-file (mode 600). Later starts keep a token file that is still good and replace one
 * that is missing, expired, revoked or for another user. The token itself is never logged.
 */
@ApplicationScoped
public class AdminBootstrap {
    private static final Logger LOG = Logger.getLogger(AdminBootstrap.class);
    private static final Pattern JTI = Pattern.compile("\"jti\"\\s*:\\s*\"([^\"]+)\"");

    @Inject
    Users users;
    @Inject
    Tokens tokens;
    @Inject
    SigningKeys keys;
    @Inject
    IdentityConfig config;

    void onStart(@Observes StartupEvent event) throws IOException {
        String adminEmail = config.admin().email();
        Optional<String> tokenFile = config.admin().tokenFile();
        Duration tokenTtl = config.admin().tokenTtl();
        keys.current();
        // two replicas starting at once: the second waits for the first's admin and uses it
        String admin = QuarkusTransaction.requiringNew().call(() -> users.ensure(adminEmail, "Instance admin", true));
        if (tokenFile.isEmpty() || tokenFile.get().isBlank()) {
            return;
        }
        Path file = Path.of(tokenFile.get());
        if (Files.isReadable(file) && tokens.usable(tokenIdOf(Files.readString(file).trim()), admin)) {
            LOG.infof("instance admin token file %s is current", file);
            return;
        }
        Tokens.Minted minted = tokens.mint(admin, tokenTtl.toSeconds());
        Path parent = file.toAbsolutePath().getParent();
        Files.createDirectories(parent);
        Path tmp = Files.createTempFile(parent, ".admin-token", ".tmp",
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        Files.writeString(tmp, minted.token() + "\n", StandardCharsets.US_ASCII);
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        LOG.infof("instance admin %s: token written to %s", adminEmail, file);
    }

    static String tokenIdOf(String jwt) {
        String[] parts = jwt.split("\\.");
        if (parts.length != 3) {
            return "";
        }
        try {
            Matcher m = JTI.matcher(new String(Base64.getUrlDecoder().decode(parts[1]), StandardCharsets.UTF_8));
            return m.find() ? m.group(1) : "";
        } catch (IllegalArgumentException e) {
            return "";
        }
    }
}
