package io.bindery.integrations.gitsync;

import io.bindery.integrations.config.IntegrationsConfig;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import org.eclipse.jgit.transport.HttpTransport;
import org.eclipse.jgit.transport.http.HttpConnection;
import org.eclipse.jgit.transport.http.JDKHttpConnectionFactory;
import org.jboss.logging.Logger;

import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509TrustManager;
import java.io.IOException;
import java.io.InputStream;
import java.net.Proxy;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * Lets Git over HTTPS trust the certificates of {@code bindery.git-sync.trusted-certificates} besides the JVM's CAs,
 * for Git servers behind a company CA. JGit opens its HTTPS connections through one process-wide connection factory;
 * at start this puts a factory there whose connections check a server's chain against the JVM's CAs first, then the
 * file's. Host names are still verified, and nothing is trusted when the file is not configured (the JVM's CAs only).
 */
@ApplicationScoped
public class GitHttpsTrust {
    private static final Logger LOG = Logger.getLogger(GitHttpsTrust.class);

    @Inject
    IntegrationsConfig config;

    void install(@Observes StartupEvent event) {
        config.gitSync().trustedCertificates().ifPresent(file -> {
            HttpTransport.setConnectionFactory(new TrustingConnectionFactory(trusting(file)));
            LOG.infof("Git over HTTPS trusts the JVM's CAs and the certificates of %s", file);
        });
    }

    /** The JVM's trust followed by the certificates of {@code pem}; an unreadable or empty file is refused. */
    static X509TrustManager trusting(Path pem) {
        List<X509Certificate> extra = new ArrayList<>();
        try (InputStream in = Files.newInputStream(pem)) {
            Collection<? extends Certificate> read = CertificateFactory.getInstance("X.509").generateCertificates(in);
            read.forEach(c -> extra.add((X509Certificate) c));
        } catch (IOException | CertificateException e) {
            throw new IllegalStateException("bindery.git-sync.trusted-certificates: cannot read certificates from "
                    + pem + ": " + e.getMessage(), e);
        }
        if (extra.isEmpty()) {
            throw new IllegalStateException("bindery.git-sync.trusted-certificates: " + pem + " holds no certificate");
        }
        try {
            KeyStore store = KeyStore.getInstance(KeyStore.getDefaultType());
            store.load(null, null);
            for (int i = 0; i < extra.size(); i++) {
                store.setCertificateEntry("trusted-" + i, extra.get(i));
            }
            return new EitherTrust(defaultTrust(), managerOf(store));
        } catch (GeneralSecurityException | IOException e) {
            throw new IllegalStateException("bindery.git-sync.trusted-certificates: " + e.getMessage(), e);
        }
    }

    private static X509TrustManager defaultTrust() {
        try {
            return managerOf(null);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    private static X509TrustManager managerOf(KeyStore store) throws GeneralSecurityException {
        TrustManagerFactory factory = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        factory.init(store);
        for (TrustManager m : factory.getTrustManagers()) {
            if (m instanceof X509TrustManager x) {
                return x;
            }
        }
        throw new GeneralSecurityException("no X.509 trust manager");
    }

    /** Trusts a chain that either manager trusts; the JVM's answer is asked first. */
    private record EitherTrust(X509TrustManager first, X509TrustManager second) implements X509TrustManager {
        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType) throws CertificateException {
            try {
                first.checkClientTrusted(chain, authType);
            } catch (CertificateException e) {
                orFirstsReason(() -> second.checkClientTrusted(chain, authType), e);
            }
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType) throws CertificateException {
            try {
                first.checkServerTrusted(chain, authType);
            } catch (CertificateException e) {
                orFirstsReason(() -> second.checkServerTrusted(chain, authType), e);
            }
        }

        /** When neither trusts the chain, the JVM's reason ("unable to find valid certification path") is the one told. */
        private static void orFirstsReason(Check check, CertificateException firsts) throws CertificateException {
            try {
                check.run();
            } catch (CertificateException e) {
                firsts.addSuppressed(e);
                throw firsts;
            }
        }

        private interface Check {
            void run() throws CertificateException;
        }

        @Override
        public X509Certificate[] getAcceptedIssuers() {
            X509Certificate[] a = first.getAcceptedIssuers();
            X509Certificate[] b = second.getAcceptedIssuers();
            X509Certificate[] all = java.util.Arrays.copyOf(a, a.length + b.length);
            System.arraycopy(b, 0, all, a.length, b.length);
            return all;
        }
    }

    /** JGit's own JDK connections, each HTTPS one with {@code trust}. */
    private static final class TrustingConnectionFactory extends JDKHttpConnectionFactory {
        private final TrustManager[] trust;

        TrustingConnectionFactory(X509TrustManager trust) {
            this.trust = new TrustManager[]{trust};
        }

        @Override
        public HttpConnection create(URL url) throws IOException {
            return trusting(url, super.create(url));
        }

        @Override
        public HttpConnection create(URL url, Proxy proxy) throws IOException {
            return trusting(url, super.create(url, proxy));
        }

        private HttpConnection trusting(URL url, HttpConnection connection) throws IOException {
            if ("https".equalsIgnoreCase(url.getProtocol())) {
                try {
                    connection.configure(null, trust, null);
                } catch (GeneralSecurityException e) {
                    throw new IOException("cannot set up TLS for " + url.getHost() + ": " + e.getMessage(), e);
                }
            }
            return connection;
        }
    }
}
