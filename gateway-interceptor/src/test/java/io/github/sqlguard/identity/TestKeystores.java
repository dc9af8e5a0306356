package io.github.sqlguard.identity;

import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * PKCS12 keystores made with the JDK's {@code keytool} for a TLS test: a server key for
 * 127.0.0.1, client keys, and truststores that trust each other's (self-signed) certificates.
 */
final class TestKeystores {

    static final String PASSWORD = "changeit";

    private final Path dir;

    TestKeystores(Path dir) {
        this.dir = dir;
    }

    /** A key pair with a self-signed certificate for {@code dname} in {@code <alias>.p12}. */
    Path keyPair(String alias, String dname, String... extensions) throws Exception {
        Path store = dir.resolve(alias + ".p12");
        List<String> command = new ArrayList<>(List.of(
                keytool(), "-genkeypair", "-alias", alias, "-keyalg", "RSA", "-keysize", "2048", "-validity", "2",
                "-dname", dname, "-storetype", "PKCS12", "-keystore", store.toString(),
                "-storepass", PASSWORD, "-keypass", PASSWORD));
        for (String extension : extensions) {
            command.add("-ext");
            command.add(extension);
        }
        run(command);
        return store;
    }

    /** A truststore {@code <name>.p12} holding the certificate of each keystore's key. */
    Path truststore(String name, Path... keystores) throws Exception {
        Path store = dir.resolve(name + ".p12");
        for (Path keystore : keystores) {
            String alias = keystore.getFileName().toString().replace(".p12", "");
            Path certificate = dir.resolve(alias + ".crt");
            run(List.of(keytool(), "-exportcert", "-alias", alias, "-keystore", keystore.toString(),
                    "-storepass", PASSWORD, "-file", certificate.toString()));
            run(List.of(keytool(), "-importcert", "-noprompt", "-alias", alias, "-file", certificate.toString(),
                    "-storetype", "PKCS12", "-keystore", store.toString(), "-storepass", PASSWORD));
        }
        return store;
    }

    /** A client TLS context presenting {@code keystore}'s key and trusting {@code truststore}. */
    static SSLContext clientContext(Path keystore, Path truststore) throws Exception {
        KeyManagerFactory keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        keys.init(load(keystore), PASSWORD.toCharArray());
        TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        trust.init(load(truststore));
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(keys.getKeyManagers(), trust.getTrustManagers(), null);
        return context;
    }

    private static KeyStore load(Path path) throws Exception {
        KeyStore store = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(path)) {
            store.load(in, PASSWORD.toCharArray());
        }
        return store;
    }

    private static String keytool() {
        return Path.of(System.getProperty("java.home"), "bin", "keytool").toString();
    }

    private static void run(List<String> command) throws Exception {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
            throw new IllegalStateException("keytool failed: " + String.join(" ", command) + "\n" + output);
        }
    }
}
